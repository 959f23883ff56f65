// Reversals on a real database and a counting sandbox upstream: whole and partial, never more
// than the amount (20 at once included), only on a success, refusals that name the field, the
// audit entry without the note, the timeline, the CSV column, net volume, retention's scrub —
// and never one request to the upstream.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { toExportRecord } from "@/lib/history/export";
import { dailyActivity } from "@/lib/insights/queries";
import { runRetention } from "@/lib/retention/retention";
import { reverseCharge } from "@/lib/reversals/reversals";
import { auditEvents, chargeEvents, chargeReversals, charges } from "@/lib/db/schema";
import type { Member } from "@/lib/access/types";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/http/errors";
import { chargeInput, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { useChargeUpstream } from "../support/ledger";
import { askerOf } from "../support/asker";

const SUPPORT: Member = { id: "support-1", email: "support@example.com", name: "Support", role: "support" };
const NOTE = "Customer Ama called: network reversal 0241234567";

describe.each(backends)("reversals on $name", (backend) => {
  const db = useLedger(backend);
  const { deps, posts } = useChargeUpstream(db);
  const succeeded = async (amount = "25.50") => (await createCharge(deps(), chargeInput({ amount }), newKey(), "staff-1")).charge;
  const reverse = (id: string, amount: string, note = NOTE) =>
    reverseCharge(askerOf(db(), SUPPORT), id, { amount, method: "network_reversal", note });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) =>
        e instanceof AppError ? { status: statusOf(e.code), code: e.code, fields: e.fields, message: e.message } : Promise.reject(e),
    );

  test("a part, then the rest: the charge shows what was given back, the timeline who, and nothing is sent upstream", async () => {
    const charge = await succeeded();
    const sent = posts();
    expect(await reverse(charge.id, "5.50")).toMatchObject({ reversedMinor: 550, amountMinor: 2550 });
    expect(await reverse(charge.id, "20")).toMatchObject({ reversedMinor: 2550 });
    expect(posts()).toBe(sent);
    const [row] = await db().select().from(charges).where(eq(charges.id, charge.id));
    expect(row).toMatchObject({ status: "success", reversedMinor: 2550, amountMinor: 2550 });
    const events = await db().select().from(chargeEvents).where(eq(chargeEvents.chargeId, charge.id)).orderBy(chargeEvents.id);
    const reversed = events.filter((e) => e.type === "reversed");
    expect(reversed.map((e) => [e.actor, e.detail?.amountMinor, e.detail?.amountLeftMinor, e.detail?.note])).toEqual([
      [SUPPORT.id, 550, 2000, NOTE],
      [SUPPORT.id, 2000, 0, NOTE],
    ]);
    // Nothing is left: even a cent more is refused, naming the amount.
    expect(await refusal(reverse(charge.id, "0.01"))).toMatchObject({
      status: 422,
      fields: { amount: "This charge has been reversed in full already." },
    });
  });

  test("the audit log records who, how much and how, never the note", async () => {
    const charge = await succeeded();
    await reverse(charge.id, "3.00");
    const entries = await db().select().from(auditEvents).where(eq(auditEvents.action, "charge_reversed"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: SUPPORT.id, targetId: charge.id });
    expect(entries[0].detail).toEqual({
      amountMinor: 300,
      currency: "GHS",
      method: "network_reversal",
      reversedMinor: 300,
      amountLeftMinor: 2250,
    });
    expect(JSON.stringify(entries)).not.toContain("Ama");
    expect(JSON.stringify(entries)).not.toContain("0241234567");
  });

  test("20 requests at once for 2.00 each on 25.50: exactly 12 land, the rest are refused, the sum never passes the amount", async () => {
    const charge = await succeeded();
    const results = await Promise.all(Array.from({ length: 20 }, () => refusal(reverse(charge.id, "2.00"))));
    expect(results.filter((r) => r === null)).toHaveLength(12);
    expect(results.filter((r) => r !== null).every((r) => r?.status === 422 && !!r.fields?.amount)).toBe(true);
    const [row] = await db().select().from(charges).where(eq(charges.id, charge.id));
    expect(row.reversedMinor).toBe(2400);
    const kept = await db().select().from(chargeReversals).where(eq(chargeReversals.chargeId, charge.id));
    expect(kept.reduce((a, r) => a + r.amountMinor, 0)).toBe(2400);
    expect(kept).toHaveLength(12);
  });

  test("more than is left is refused naming what is left; the database refuses it too", async () => {
    const charge = await succeeded();
    await reverse(charge.id, "20.00");
    expect(await refusal(reverse(charge.id, "6.00"))).toMatchObject({
      status: 422,
      code: "invalid_request",
      fields: { amount: "At most GH₵5.50 is left to reverse on this charge." },
    });
    // Even a write that skipped the check could not record more than the amount.
    await expect(db().execute(sql`update charges set reversed_minor = amount_minor + 1 where id = ${charge.id}`)).rejects.toThrow();
  });

  test.each([["abc"], ["0"], ["-1"], ["1.005"], [""], ["1e3"]])(
    "the amount %j is refused naming the field, nothing written",
    async (amount) => {
      const charge = await succeeded();
      expect(await refusal(reverse(charge.id, amount))).toMatchObject({ status: 422, fields: { amount: expect.any(String) } });
      expect(await db().select().from(chargeReversals)).toHaveLength(0);
    },
  );

  test("only a successful charge is reversed: failed 409, unknown id 404", async () => {
    const failed = (await createCharge(deps(), chargeInput({ phoneNumber: "0240000004" }), newKey(), "staff-1")).charge;
    expect(failed.status).toBe("failed");
    expect(await refusal(reverse(failed.id, "1.00"))).toMatchObject({ status: 409, code: "not_reversible" });
    expect(await refusal(reverse("00000000-0000-4000-8000-000000000000", "1.00"))).toMatchObject({ status: 404 });
    expect(await db().select().from(chargeReversals)).toHaveLength(0);
  });

  test("the CSV carries the reversed amount; Insights count volume net of reversals", async () => {
    const a = await succeeded("10.00");
    await succeeded("4.00");
    await reverse(a.id, "2.50");
    const [row] = await db().select().from(charges).where(eq(charges.id, a.id));
    expect(toExportRecord(row, null, { id: "owner-1", role: "owner" }, "Africa/Accra").reversed_amount).toBe("2.50");
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { volumes } = await dailyActivity(db(), { from: today, to: tomorrow }, "UTC");
    expect(volumes).toEqual([{ currency: "GHS", totalMinor: 1150, days: [{ day: today, minor: 1150 }] }]);
  });

  test("retention scrubs a reversal's note with its charge", async () => {
    const charge = await succeeded();
    await reverse(charge.id, "1.00", `Refund to 0240000001 for ${chargeInput().description}`);
    await db().execute(sql`update charges set created_at = now() - interval '500 days', settled_at = now() - interval '500 days'`);
    await runRetention(db(), { olderThanDays: 400, apply: true });
    const [kept] = await db().select().from(chargeReversals).where(eq(chargeReversals.chargeId, charge.id));
    expect(kept.note).not.toContain("0240000001");
    expect(kept.note).not.toContain(chargeInput().description);
    expect(kept.amountMinor).toBe(100);
  });
});
