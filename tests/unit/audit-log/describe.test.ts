// The audit log in words: every action's stored detail as a person reads it, with its link.
import { describe, expect, test } from "vitest";
import type { AuditAction } from "@/lib/audit/entries";
import { AUDIT_LABELS } from "@/lib/audit/actions";
import { describeAudit } from "@/lib/audit-log/describe";

const CHARGE_ID = "3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a";
/** Intl separates the symbol from the number with a no-break space in some locales. */
const plain = (s: string) => s.replace(/\u00a0/g, " ");
const describe1 = (action: AuditAction, detail: Record<string, unknown> | null, targetId: string | null = null) => {
  const d = describeAudit({ action, targetId, detail });
  return { ...d, details: d.details.map(plain) };
};

describe("describeAudit", () => {
  test("a charge created: its amount as money, its status by name, its reference, and a link to it", () => {
    expect(
      describe1("charge_created", { amountMinor: 1234, currency: "GHS", status: "success", reference: "TXN-MOMO-42" }, CHARGE_ID),
    ).toEqual({
      label: "Charge created",
      details: ["GH₵12.34", "Success", "TXN-MOMO-42"],
      link: { href: `/transactions/${CHARGE_ID}`, label: "View charge" },
    });
    // No reference (an upstream 500): nothing is made up for it.
    expect(
      describe1("charge_created", { amountMinor: 500, currency: "GHS", status: "unknown", reference: null }, CHARGE_ID).details,
    ).toEqual(["GH₵5.00", "Unknown"]);
  });

  test("a bulk batch's charge says so and who approved it (its actor is who prepared it)", () => {
    const detail = { amountMinor: 500, currency: "GHS", status: "success", reference: "TXN-MOMO-7" };
    const batchId = "6d0c3f7e-2b1a-4c9d-8e5f-1a2b3c4d5e6f";
    expect(describe1("charge_created", { ...detail, batchId, approvedBy: "kofi@example.com" }, CHARGE_ID).details).toEqual([
      "GH₵5.00",
      "Success",
      "TXN-MOMO-7",
      "From a bulk batch",
      "approved by kofi@example.com",
    ]);
    // The approver's account since deleted: said so, not left blank.
    expect(describe1("charge_created", { ...detail, batchId, approvedBy: null }, CHARGE_ID).details.at(-1)).toBe(
      "approved by a former member",
    );
  });

  test("a status check and a hand resolution say what they found; the note stays on the charge", () => {
    expect(describe1("charge_status_checked", { status: "pending", answer: "Waiting for the customer." }, CHARGE_ID)).toMatchObject({
      details: ["Now Pending", "Upstream said “Waiting for the customer.”"],
      link: { href: `/transactions/${CHARGE_ID}` },
    });
    // An entry from before issue 14 carried the note: the page no longer shows it either.
    expect(describe1("charge_reconciled", { from: "unknown", to: "failed", note: "Wallet shows no debit" }, CHARGE_ID)).toEqual({
      label: "Charge resolved by hand",
      details: ["Unknown → Failed", "with a note (on the charge)"],
      link: { href: `/transactions/${CHARGE_ID}`, label: "View charge" },
    });
  });

  test("a charge action whose target is not a charge id gets no link", () => {
    expect(describe1("charge_created", { amountMinor: 1, currency: "GHS" }, "../../team").link).toBeNull();
    expect(describe1("charge_reconciled", { from: "unknown", to: "success" }, null).link).toBeNull();
  });

  test.each([
    ["BANNED_USER", "Reason: account deactivated"],
    ["INVALID_EMAIL_OR_PASSWORD", "Reason: wrong email or password"],
    ["SOMETHING_NEW", "Reason: refused (SOMETHING_NEW)"],
    ["constructor", "Reason: refused (constructor)"],
  ])("a failed sign-in for %s reads %s", (reason, words) => {
    expect(describe1("sign_in_failed", { reason })).toEqual({ label: "Failed sign-in", details: [words], link: null });
  });

  test("a refused sign-in says how long the lock lasts", () => {
    expect(describe1("sign_in_refused", { retryAfterSeconds: 840 }).details).toEqual(["Locked for 14 minutes more"]);
    expect(describe1("sign_in_refused", { retryAfterSeconds: 61 }).details).toEqual(["Locked for 2 minutes more"]);
    expect(describe1("sign_in_refused", { retryAfterSeconds: 1 }).details).toEqual(["Locked for 1 second more"]);
  });

  test("team changes name the member and the roles, and link to the team", () => {
    const team = { href: "/team", label: "Team" };
    expect(describe1("member_added", { email: "ama@example.com", role: "support" }, "u1")).toEqual({
      label: "Member added",
      details: ["ama@example.com", "as Support"],
      link: team,
    });
    expect(describe1("role_changed", { email: "ama@example.com", from: "staff", to: "owner" }, "u1").details).toEqual([
      "ama@example.com",
      "from Staff to Owner",
    ]);
    expect(describe1("member_deactivated", { email: "kofi@example.com" }, "u2")).toMatchObject({
      details: ["kofi@example.com"],
      link: team,
    });
    expect(describe1("member_reactivated", { email: "kofi@example.com" }, "u2").link).toEqual(team);
    expect(describe1("owner_created", null, "u0")).toEqual({ label: "Owner account created", details: [], link: team });
  });

  test("an export names its selection in the page's words and links to the same list", () => {
    const memberId = "AbCdEf0123456789AbCdEf0123456789";
    const d = describeAudit(
      { action: "charges_exported", targetId: null, detail: { filters: `status=failed&network=mtn&member=${memberId}&q=school+fees` } },
      (id) => (id === memberId ? "Ama Mensah" : undefined),
    );
    expect(d.details).toEqual([
      "Selection: status Failed, network MTN Mobile Money, made by Ama Mensah, search “school fees”",
      "File: CSV",
    ]);
    expect(d.link).toEqual({ href: `/transactions?status=failed&network=mtn&member=${memberId}&q=school+fees`, label: "Same selection" });
    expect(describe1("charges_exported", { filters: "status=failed", search: { kind: "phone", shown: "024•••••67" } }).details).toEqual([
      "Selection: status Failed, search for the phone number 024•••••67",
      "File: CSV",
    ]);
    expect(describe1("charges_exported", { filters: "(none)", search: { kind: "description" } })).toEqual({
      label: "Charges exported",
      details: ["Selection: search for words in descriptions (not kept)", "File: CSV"],
      link: null,
    });
    expect(describe1("charges_exported", { filters: "(none)" })).toEqual({
      label: "Charges exported",
      details: ["Selection: every charge", "File: CSV"],
      link: null,
    });
    // An XLSX export says so (an entry without a format was a CSV one).
    expect(describe1("charges_exported", { filters: "status=failed", format: "xlsx" })).toMatchObject({
      label: "Charges exported",
      details: ["Selection: status Failed", "File: XLSX"],
    });
  });

  test("invites name the person and the role, and link to the team", () => {
    const detail = { email: "esi@example.com", role: "support" };
    for (const [action, label] of [
      ["invite_created", "Member invited"],
      ["invite_revoked", "Invite revoked"],
      ["invite_accepted", "Invite accepted (member joined)"],
    ] as const) {
      expect(describe1(action, detail, "inv-1")).toEqual({
        label,
        details: ["esi@example.com", "as Support"],
        link: { href: "/team", label: "Team" },
      });
    }
  });

  test("password changes: a refusal says how long the lock lasts; the others need no detail", () => {
    expect(describe1("password_change_refused", { retryAfterSeconds: 61 })).toMatchObject({ details: ["Locked for 2 minutes more"] });
    expect(describe1("password_changed", null)).toEqual({ label: "Password changed", details: [], link: null });
    expect(describe1("password_change_failed", null).label).toBe("Password change failed (wrong current password)");
  });

  test("the business profile: its name and zone, the logo's kind and size, and a link to the Business page", () => {
    expect(describe1("business_profile_changed", { name: "Ama's Shop", timeZone: "Africa/Nairobi" })).toEqual({
      label: "Business profile changed",
      details: ["Name “Ama's Shop”", "time zone Africa/Nairobi"],
      link: { href: "/settings", label: "Business" },
    });
    expect(describe1("business_profile_changed", { name: "", timeZone: "UTC" }).details).toEqual(["No name", "time zone UTC"]);
    expect(describe1("business_logo_changed", { type: "image/png", bytes: 20_000, width: 120, height: 40 }).details).toEqual([
      "PNG image",
      "120 × 40 px",
      "20 kB",
    ]);
    expect(describe1("business_logo_removed", null)).toEqual({
      label: "Business logo removed",
      details: [],
      link: { href: "/settings", label: "Business" },
    });
  });

  test("sign-ins and sign-outs need no detail", () => {
    expect(describe1("sign_in", null)).toEqual({ label: "Signed in", details: [], link: null });
    expect(describe1("sign_out", null)).toEqual({ label: "Signed out", details: [], link: null });
  });

  test("every action has a label; a stored action this version does not know is shown as it is", () => {
    // Sentence case: a capital, then small letters (an acronym first, "API key made", is a word of capitals).
    for (const label of Object.values(AUDIT_LABELS)) expect(label).toMatch(/^([A-Z][a-z]|[A-Z]{2,} [a-z])/);
    expect(describeAudit({ action: "made_up", targetId: null, detail: { count: 3, note: null } })).toEqual({
      label: "made_up",
      details: ["count: 3"],
      link: null,
    });
  });
});
