// Support settling unclear charges by hand, on a real database with a real Better Auth member:
// resolve with a note (once, audited). The queue itself: queue.test.ts.
import { describe, expect, test } from "vitest";
import { getCharge, listEvents } from "@/lib/charges/ledger";
import { resolveByHand } from "@/lib/reconcile/settle";
import { resolutionSchema } from "@/lib/reconcile/schema";
import { apiError, useAuth } from "../support/auth";
import { backends } from "../support/db";
import { NO_SUCH_ID, useReconciliation } from "../support/reconcile";
import { asProblem } from "../support/auth";

/** Every open charge is in the queue (a pending one at once): the threshold is its own test below. */
const IN_QUEUE = { pendingMs: 0 };
const FIFTEEN_MINUTES = { pendingMs: 15 * 60_000 };

describe.each(backends)("reconciliation on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  const { support, charge, auditsOf } = useReconciliation(db, auth);

  test.each([
    ["0240000006", "unknown", "failed"],
    ["0240000002", "pending", "success"],
  ] as const)("resolveByHand settles a %s (%s) charge as %s, with actor, note and audit", async (phone, from, outcome) => {
    const row = await charge(phone);
    expect(row.status).toBe(from);
    const note = "  Checked the wallet statement  ";
    const resolved = await resolveByHand(db(), row.id, support, resolutionSchema.parse({ outcome, note }), IN_QUEUE);
    expect(resolved).toMatchObject({
      id: row.id,
      status: outcome,
      outcomeCode: "reconciled",
      message: "Resolved by hand: Checked the wallet statement",
      settledAt: expect.any(Date),
    });
    expect(await getCharge(db(), row.id)).toEqual(resolved);
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "reconciled",
      status: outcome,
      actor: support.id,
      detail: { from, note: "Checked the wallet statement" },
    });
    expect(await auditsOf("charge_reconciled")).toMatchObject([
      {
        actorId: support.id,
        actorEmail: support.email,
        targetId: row.id,
        detail: { from, to: outcome },
      },
    ]);
    // The note may name the customer: it stays on the timeline, never in the audit log.
    expect(JSON.stringify(await auditsOf("charge_reconciled"))).not.toContain("wallet");

    // Once settled, it stays settled.
    const again = await apiError(resolveByHand(db(), row.id, support, { outcome: "success", note: "second go" }, IN_QUEUE));
    expect(again).toMatchObject({ status: 409, code: "not_open" });
    expect(again.message).toContain(`already ${outcome}`);
    expect(await getCharge(db(), row.id)).toEqual(resolved);
    expect(await auditsOf("charge_reconciled")).toHaveLength(1);
  });

  test("resolveByHand: unknown id → 404; a settled charge → 409; two at once → one wins", async () => {
    expect(await apiError(resolveByHand(db(), NO_SUCH_ID, support, { outcome: "failed", note: "no such" }, IN_QUEUE))).toMatchObject({
      status: 404,
      code: "not_found",
    });
    const settled = await charge("0240000001");
    expect(await apiError(resolveByHand(db(), settled.id, support, { outcome: "failed", note: "wrong one" }, IN_QUEUE))).toMatchObject({
      status: 409,
      code: "not_open",
    });
    expect(await getCharge(db(), settled.id)).toMatchObject({ status: "success", outcomeCode: null });

    const open = await charge("0240000006");
    const results = await Promise.allSettled(
      (["failed", "success"] as const).map((outcome) =>
        resolveByHand(db(), open.id, support, { outcome, note: `I say ${outcome}` }, IN_QUEUE),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(asProblem((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason)).toMatchObject({
      status: 409,
      code: "not_open",
    });
    expect((await listEvents(db(), open.id)).filter((e) => e.type === "reconciled")).toHaveLength(1);
  });

  test("resolutionSchema requires an outcome and a note of 5+ characters", () => {
    const problems = (value: unknown) => {
      const r = resolutionSchema.safeParse(value);
      return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(resolutionSchema.parse({ outcome: "failed", note: " Wallet shows no debit " })).toEqual({
      outcome: "failed",
      note: "Wallet shows no debit",
    });
    expect(problems({ note: "Wallet shows no debit" })).toEqual({ outcome: "Choose whether the customer was charged" });
    expect(problems({ outcome: "pending", note: "Wallet shows no debit" })).toEqual({ outcome: "Choose whether the customer was charged" });
    expect(problems({ outcome: "success", note: "  abcd  " })).toEqual({
      note: "Write a note of at least 5 characters: what did you check?",
    });
    expect(problems({ outcome: "success" })).toHaveProperty("note");
    expect(problems({ outcome: "success", note: "x".repeat(501) })).toEqual({ note: "Keep the note to 500 characters" });
    expect(problems({ outcome: "success", note: "abcde" })).toBeNull();
  });

  test("a pending charge younger than RECONCILE_PENDING_MINUTES is not resolved by hand: 409 naming why, nothing changed", async () => {
    const young = await charge("0240000002");
    expect(young.status).toBe("pending");
    const refusal = await apiError(resolveByHand(db(), young.id, support, { outcome: "success", note: "too soon" }, FIFTEEN_MINUTES));
    expect(refusal).toMatchObject({ status: 409, code: "not_in_queue" });
    expect(refusal.message).toContain("15 minutes after it was made");
    expect(await getCharge(db(), young.id)).toMatchObject({ status: "pending", outcomeCode: young.outcomeCode });
    expect((await listEvents(db(), young.id)).some((e) => e.type === "reconciled")).toBe(false);
    expect(await auditsOf("charge_reconciled")).toHaveLength(0);
    // An unknown charge is in the queue however young; a pending one once it is old enough.
    const unknown = await charge("0240000006");
    await expect(resolveByHand(db(), unknown.id, support, { outcome: "failed", note: "checked" }, FIFTEEN_MINUTES)).resolves.toMatchObject({
      status: "failed",
    });
    await expect(resolveByHand(db(), young.id, support, { outcome: "success", note: "checked" }, IN_QUEUE)).resolves.toMatchObject({
      status: "success",
    });
  });
});
