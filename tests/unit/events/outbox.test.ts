// The event outbox on a real database, with the sandbox over real HTTP as the upstream: each
// outcome others must hear of is written with the change that made it, once; none while a charge
// waits, none for a change that did not happen; and an event carries ids and money, never the
// customer's number or words.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { recordChargeAnswer } from "@/lib/charges/answer";
import { recoverInterrupted } from "@/lib/charges/ledger";
import { recordStatusCheck } from "@/lib/charges/status-check";
import { createBatch } from "@/lib/batches/queries";
import { completeIfDone } from "@/lib/batches/runner";
import { batchRows, batches, charges, events, user } from "@/lib/db/schema";
import { reverseCharge } from "@/lib/reversals/reversals";
import { resetTwoFactor } from "@/lib/two-factor/reset";
import { emitEvent } from "@/lib/events/emit";
import { resolveByHand } from "@/lib/reconcile/settle";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { askerOf } from "../support/asker";
import { backends, useLedger } from "../support/db";
import { addCharge } from "../support/rows";
import { useSandboxUpstream } from "../support/sandbox";

const OWNER = { id: "owner-1", email: "owner@example.test" };

describe.each(backends)("the event outbox on $name", (backend) => {
  const db = useLedger(backend);
  const upstream = useSandboxUpstream();
  const charge = (phoneNumber: string) =>
    createCharge(
      { db: db(), upstream: clientFor(upstream.url) },
      chargeInput({ phoneNumber, description: "Rent for March, flat 4" }),
      newKey(),
      null,
    );
  const eventsOf = (id: string) => db().select().from(events).where(eq(events.subjectId, id));

  test("a charge's outcome is an event, written with the answer: succeeded, failed, unknown; nothing while it waits", async () => {
    const ok = (await charge("0240000001")).charge;
    const declined = (await charge("0240000004")).charge;
    const unclear = (await charge("0240000006")).charge;
    const waiting = (await charge("0240000002")).charge;
    expect((await eventsOf(ok.id)).map((e) => e.type)).toEqual(["charge.succeeded"]);
    expect((await eventsOf(declined.id)).map((e) => e.type)).toEqual(["charge.failed"]);
    expect((await eventsOf(unclear.id)).map((e) => e.type)).toEqual(["charge.unknown"]);
    expect(await eventsOf(waiting.id)).toEqual([]);
    const [e] = await eventsOf(ok.id);
    expect(e.data).toEqual({
      chargeId: ok.id,
      status: "success",
      amountMinor: ok.amountMinor,
      currency: "GHS",
      reference: ok.reference,
      provider: "mtn",
      createdBy: null,
      batchId: null,
      paymentRequestId: null,
    });
    // Ids and money only: the number and the description stay in the ledger.
    expect(JSON.stringify(await db().select().from(events))).not.toMatch(/0240000001|240000001|Rent for March/);
  });

  test("once per change: an answer written again, a lookup that moves nothing and one that settles, a resolution by hand", async () => {
    const ok = (await charge("0240000001")).charge;
    const answer = {
      status: "success",
      code: null,
      reference: ok.reference,
      message: "ok",
      httpStatus: 200,
      rawBody: "{}",
      retryAfterSeconds: null,
    } as const;
    // The answer's write retried after it had committed (a lost connection) matches no row: no second event.
    await recordChargeAnswer(db(), ok.id, answer);
    expect(await eventsOf(ok.id)).toHaveLength(1);

    const waiting = (await charge("0240000002")).charge;
    const pending = { ...answer, status: "pending", reference: waiting.reference } as const;
    await recordStatusCheck(db(), waiting.id, pending, true);
    expect(await eventsOf(waiting.id)).toEqual([]);
    await recordStatusCheck(db(), waiting.id, { ...pending, status: "success" }, true);
    await recordStatusCheck(db(), waiting.id, { ...pending, status: "success" }, true);
    expect((await eventsOf(waiting.id)).map((e) => e.type)).toEqual(["charge.succeeded"]);

    const unclear = (await charge("0240000006")).charge;
    await resolveByHand(db(), unclear.id, OWNER, { outcome: "failed", note: "not in the wallet" }, { pendingMs: 0 });
    expect((await eventsOf(unclear.id)).map((e) => e.type)).toEqual(["charge.unknown", "charge.failed"]);
    const [row] = await db().select().from(charges).where(eq(charges.id, unclear.id));
    expect(row.status).toBe("failed");
  });

  test("a charge left half-way by a stopped process becomes unknown, and that is an event too", async () => {
    const left = await addCharge(db(), { amountMinor: 500 });
    expect(await recoverInterrupted(db(), 0)).toBe(1);
    expect((await eventsOf(left.id)).map((e) => [e.type, e.data.status])).toEqual([["charge.unknown", "unknown"]]);
    expect(await recoverInterrupted(db(), 0)).toBe(0);
    expect(await eventsOf(left.id)).toHaveLength(1);
  });

  test("a batch awaiting approval, a batch finished (once, though two instances may both try), a reversal and a second factor reset are events too", async () => {
    await db()
      .insert(user)
      .values([
        { id: OWNER.id, name: "Owner", email: OWNER.email, role: "owner" },
        { id: "staff-1", name: "Esi", email: "esi@example.test", role: "staff", twoFactorEnabled: true },
      ]);
    const maker = { id: "staff-1", email: "esi@example.test", name: "Esi", role: "staff" } as const;
    const row = {
      phoneNumber: "0240000001",
      amountMinor: 300,
      currency: "GHS" as const,
      provider: "mtn" as const,
      description: "dues",
      customerReference: "",
    };
    const batch = await createBatch(db(), "March dues", [row, row], maker);
    expect((await eventsOf(batch.id)).map((e) => [e.type, e.data])).toEqual([
      ["batch.awaiting_approval", { batchId: batch.id, rows: 2, totals: { GHS: 600 }, createdBy: "staff-1" }],
    ]);
    await db().update(batches).set({ status: "running" }).where(eq(batches.id, batch.id));
    expect(await completeIfDone(db(), batch.id)).toBe(false); // its rows are still queued
    await db().update(batchRows).set({ state: "sent" }).where(eq(batchRows.batchId, batch.id));
    expect(await Promise.all([completeIfDone(db(), batch.id), completeIfDone(db(), batch.id)])).toContain(true);
    expect((await eventsOf(batch.id)).map((e) => e.type)).toEqual(["batch.awaiting_approval", "batch.finished"]);

    const ok = (await charge("0240000001")).charge;
    await reverseCharge(askerOf(db(), { ...OWNER, name: "Owner", role: "owner" }), ok.id, {
      amount: "0.50",
      method: "cash",
      note: "gave back at the counter",
    });
    const reversed = (await eventsOf(ok.id)).find((e) => e.type === "charge.reversed");
    expect(reversed?.data).toMatchObject({ chargeId: ok.id, amountMinor: 50, currency: "GHS", method: "cash", by: OWNER.id });
    expect(JSON.stringify(reversed?.data)).not.toContain("gave back");

    await resetTwoFactor(askerOf(db(), { ...OWNER, name: "Owner", role: "owner" }, { ip: null }), "staff-1");
    expect((await eventsOf("staff-1")).map((e) => [e.type, e.data])).toEqual([
      ["member.two_factor_reset", { memberId: "staff-1", by: OWNER.id, sessionsEnded: 0 }],
    ]);
  });

  test("an event written in a transaction that rolls back is gone with it; each event has its own stable id", async () => {
    await expect(
      db().transaction(async (tx) => {
        await emitEvent(tx, "charge.succeeded", "rolled-back", { chargeId: "rolled-back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf("rolled-back")).toEqual([]);
    await emitEvent(db(), "batch.finished", "batch-1", {});
    await emitEvent(db(), "batch.finished", "batch-1", {});
    const ids = (await eventsOf("batch-1")).map((e) => e.id);
    expect(new Set(ids).size).toBe(2);
    await expect(emitEvent(db(), "charge.refunded" as never, "x", {})).rejects.toThrow();
  });
});
