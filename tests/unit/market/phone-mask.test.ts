// The one masking rule: how a number is shown to a member who may not see it whole, what
// retention keeps of it, and who sees it whole (owner, support; staff on the charges they made).
import { describe, expect, test } from "vitest";
import { canSeeWholePhone, maskPhonesDeep, maskPhonesForDisplay, phoneFor } from "@/lib/access/phone-visibility";
import { toChargeView } from "@/lib/charges/view";
import type { Charge } from "@/lib/db/schema";
import { formatPhone, PROVIDERS } from "@/lib/market/networks";
import { maskPhone, maskPhonesIn, retainedPhone } from "@/lib/market/phone-mask";

describe("maskPhone", () => {
  test.each(PROVIDERS.flatMap((p) => p.prefixes.map((prefix) => [p.id, `${prefix}1234567`] as const)))(
    "%s number %s keeps its prefix and last two digits",
    (_network, n) => {
      expect(maskPhone(n)).toBe(`${n.slice(0, 3)} ••• ••67`);
      expect(retainedPhone(n)).toBe(`${n.slice(0, 3)}•••••67`);
      expect(maskPhone(n)).not.toContain("12345");
    },
  );

  test("typed forms are read as the digits they hold; a retained mask reads as the display mask", () => {
    expect(maskPhone("024 123 4567")).toBe("024 ••• ••67");
    expect(maskPhone("024-123-4567")).toBe("024 ••• ••67");
    expect(maskPhone("024•••••67")).toBe("024 ••• ••67");
    expect(formatPhone("024•••••67")).toBe("024 ••• ••67");
    expect(maskPhone("233241234567")).toBe("233•••••••67");
  });

  test.each(["", "0", "02", "0241", "024123", "0241234"])("short or odd input %j shows no digit", (input) => {
    expect(maskPhone(input)).toMatch(/^•{3,}$/);
    expect(retainedPhone(input)).toMatch(/^•{3,}$/);
  });

  test("numbers inside a text, in any common form; references, ids and longer runs left alone", () => {
    expect(maskPhonesIn("call 0241234567 or +233 24 123 4567")).toBe("call 024•••••67 or +233•••••••67");
    expect(maskPhonesForDisplay("paid by 0241234567")).toBe("paid by 024 ••• ••67");
    expect(maskPhonesForDisplay("msisdn 241234567", "0241234567")).toBe("msisdn 24 ••• ••67");
    for (const t of ["TXN-MOMO-0241234567", "02412345678", "a-0241234567", "2f6c1e9a-0000-4000-8000-024123456789"])
      expect(maskPhonesIn(t)).toBe(t);
    expect(maskPhonesDeep({ note: "0241234567", n: 233241234567, "0201234567": [1, "x 0201234567"] })).toEqual({
      note: "024 ••• ••67",
      n: "233•••••••67",
      "020 ••• ••67": [1, "x 020 ••• ••67"],
    });
  });
});

describe("who sees a number whole", () => {
  const mine = { createdBy: "staff-1", phoneNumber: "0241234567" };
  const theirs = { createdBy: "staff-2", phoneNumber: "0241234567" };
  const nobodys = { createdBy: null, phoneNumber: "0241234567" };

  test.each([
    ["owner", "owner-1", true, true, true],
    ["support", "support-1", true, true, true],
    ["staff", "staff-1", true, false, false],
  ] as const)("%s: own charge %s, another member's %s, a charge by nobody %s", (role, id, own, other, none) => {
    const m = { id, role };
    expect(canSeeWholePhone(m, mine)).toBe(role === "staff" ? own : true);
    expect(canSeeWholePhone(m, theirs)).toBe(other);
    expect(canSeeWholePhone(m, nobodys)).toBe(none);
    expect(phoneFor(m, theirs)).toBe(other ? "0241234567" : "024 ••• ••67");
  });

  test("a view made for staff of another member's charge carries no whole number, message included", () => {
    const c = {
      id: "c1",
      status: "failed",
      amountMinor: 100,
      currency: "GHS",
      phoneNumber: "0241234567",
      provider: "mtn",
      description: "Fees",
      reference: null,
      message: "Wallet 233241234567 (0241234567) has no funds",
      outcomeCode: null,
      upstreamHttpStatus: 200,
      createdBy: "staff-2",
      createdAt: new Date(0),
      updatedAt: new Date(0),
      settledAt: null,
      redactedAt: null,
    } as unknown as Charge;
    const v = toChargeView(c, null, "upstream", { id: "staff-1", role: "staff" });
    expect(v).toMatchObject({ phoneNumber: "024 ••• ••67", phoneMasked: true, description: "Fees" });
    expect(JSON.stringify(v)).not.toMatch(/1234567|241234/);
    expect(toChargeView(c, null, "upstream", { id: "staff-2", role: "staff" })).toMatchObject({
      phoneNumber: "0241234567",
      phoneMasked: false,
    });
  });

  test("a charge retention masked reads the same to every role, and says when", () => {
    const c = {
      id: "c2",
      status: "success",
      amountMinor: 100,
      currency: "GHS",
      phoneNumber: "024•••••67",
      provider: "mtn",
      description: "[removed by retention]",
      reference: "TXN-MOMO-1",
      message: null,
      outcomeCode: null,
      upstreamHttpStatus: 200,
      createdBy: "staff-2",
      createdAt: new Date(0),
      updatedAt: new Date(0),
      settledAt: new Date(0),
      redactedAt: new Date(86_400_000),
    } as unknown as Charge;
    for (const viewer of [
      { id: "owner-1", role: "owner" },
      { id: "staff-1", role: "staff" },
      { id: "staff-2", role: "staff" },
    ] as const) {
      const v = toChargeView(c, null, "upstream", viewer);
      expect(formatPhone(v.phoneNumber)).toBe("024 ••• ••67");
      expect(v).toMatchObject({ redactedAt: "1970-01-02T00:00:00.000Z", reference: "TXN-MOMO-1", amountMinor: 100 });
    }
  });
});
