// Sends one row of a running batch, at most once, through the charge path every charge takes
// (lib/charges/create.ts: the ledger row first, then the upstream, then the answer). The
// job queue (./queue.ts) calls it once per row, and again if a job is retried after a crash or
// runs twice; none of that can send a row a second time:
//   1. a place in the outbound budget, of the share batches may use (lib/momo/budget.ts), so a
//      person charging by hand still finds room; waited for while the batch runs
//   2. the claim: queued (or left `sending` by a process that died) → sending, only while the
//      batch is running — a cancel committed before it wins, and one in progress makes it wait
//   3. createCharge with the row's own idempotency key, batch:<batch id>:<row number>. A key
//      that already has a ledger row is a replay: no request leaves, the row it made is linked.
//      A row left `sending` by a dead process either has no ledger row (then nothing left, and it
//      is sent now) or has one (then its outcome is whatever the ledger says: a `submitting` row
//      becomes `unknown` at recovery and goes to reconciliation or a status lookup — never resent).
//   4. the row is marked sent, and the batch completed when no row is left to send.
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";
import { batches, batchRows, user, type BatchRow } from "@/lib/db/schema";
import { alias } from "drizzle-orm/pg-core";
import { type ChargeDeps, createCharge } from "@/lib/charges";
import { emitEvent } from "@/lib/events";
import type { Budget } from "@/lib/momo/budget";
import type { ProviderId } from "@/lib/market/networks";
import type { CurrencyCode } from "@/lib/money";

export type RunnerDeps = Omit<ChargeDeps, "budget" | "audit" | "heldPlace"> & {
  budget: Pick<Budget, "tryTake" | "placeArgs" | "waitFor" | "pause" | "release">;
  /** Between two looks at a full budget, at most this long (a pause or cancel is seen this soon). */
  pollMs?: number;
  /** The process is stopping: a row still waiting for its place gives its job back (to be retried). */
  stopping?: () => boolean;
};

export type RowResult = "sent" | "replayed" | "skipped";

/** The idempotency key of a batch's row: no key a client sends can look like it (lib/charges/schema.ts). */
export const batchRowKey = (batchId: string, rowNumber: number) => `batch:${batchId}:${rowNumber}`;

export async function sendBatchRow(deps: RunnerDeps, batchId: string, rowNumber: number): Promise<RowResult> {
  return sendClaimed(deps, batchId, rowNumber, await claimBatchRow(deps, batchId, rowNumber));
}

export type ClaimedRow = { place: number; row: BatchRow } & Awaited<ReturnType<typeof batchPeople>>;

/**
 * Steps 1 and 2: a place, then the claim (null: the batch stopped or the row is not to be sent).
 * The job queue claims a fetch's rows one after another in file order (./queue.ts); once a
 * row is claimed its ledger row is the next statement it writes, so the rows go out in order.
 */
export async function claimBatchRow(deps: RunnerDeps, batchId: string, rowNumber: number): Promise<ClaimedRow | null> {
  const place = await placeWhileRunning(deps, batchId);
  if (place === null) return null;
  try {
    const people = await batchPeople(deps.db, batchId);
    const row = await claim(deps.db, batchId, rowNumber);
    if (row) return { place, row, ...people };
  } catch (error) {
    await deps.budget.release(place);
    throw error;
  }
  await deps.budget.release(place);
  return null;
}

/** Steps 3 and 4 for a claimed row. */
export async function sendClaimed(deps: RunnerDeps, batchId: string, rowNumber: number, claimed: ClaimedRow | null): Promise<RowResult> {
  if (!claimed) return "skipped";
  const { place, row, maker, audit } = claimed;
  const { charge, replayed } = await createCharge(
    { ...deps, heldPlace: place, audit: { action: "charge_created", actorId: maker.id, actorEmail: maker.email, detail: audit } },
    {
      phoneNumber: row.phoneNumber,
      amountMinor: row.amountMinor,
      currency: row.currency as CurrencyCode,
      provider: row.provider as ProviderId,
      vouchers: "",
      description: row.description,
    },
    batchRowKey(batchId, rowNumber),
    maker.id,
    { batch: { id: batchId, row: rowNumber } },
  );
  await deps.db
    .update(batchRows)
    .set({ state: "sent", chargeId: charge.id, updatedAt: sql`now()` })
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.rowNumber, rowNumber)));
  await completeIfDone(deps.db, batchId);
  return replayed ? "replayed" : "sent";
}

/**
 * A place in the batches' share of the budget, or null once the batch is no longer running.
 * The wait is bounded by the batch itself: paused or cancelled, the row waits no more.
 */
async function placeWhileRunning(deps: RunnerDeps, batchId: string): Promise<number | null> {
  for (;;) {
    if (deps.stopping?.()) throw new Error("stopping: the row's job is given back unsent");
    if (!(await isRunning(deps.db, batchId))) return null;
    const t = await deps.budget.tryTake("batch");
    if (t.granted) return t.callId;
    // Many rows wait at once: the jitter spreads their next look.
    await new Promise((r) => setTimeout(r, Math.min(t.retryAfterMs, deps.pollMs ?? 5_000) + Math.random() * 50));
  }
}

async function isRunning(db: Db, batchId: string): Promise<boolean> {
  const [b] = await db.select({ status: batches.status }).from(batches).where(eq(batches.id, batchId));
  return b?.status === "running";
}

/**
 * Who prepared the batch (its charges are theirs) and what each charge's audit entry says of it:
 * the batch's id, and who approved it. Not its label: a label is the merchant's free text, kept
 * out of the audit log as descriptions and notes are (the entry links the batch instead).
 */
async function batchPeople(db: Db, batchId: string) {
  const approver = alias(user, "approver");
  const [b] = await db
    .select({ makerId: batches.createdBy, makerEmail: user.email, approvedBy: approver.email })
    .from(batches)
    .leftJoin(user, eq(user.id, batches.createdBy))
    .leftJoin(approver, eq(approver.id, batches.decidedBy))
    .where(eq(batches.id, batchId));
  return {
    maker: { id: b.makerId, email: b.makerEmail },
    audit: { batchId, approvedBy: b.approvedBy },
  };
}

/**
 * queued or sending → sending, only while the batch is running. `for share` on the batch waits
 * for a pause or cancel being written, then sees it: no row is claimed after a cancel commits.
 */
async function claim(db: Db, batchId: string, rowNumber: number): Promise<BatchRow | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with b as (select id from ${batches} where id = ${batchId} and status = 'running' for share)
      update ${batchRows} set state = 'sending', updated_at = now()
       where batch_id = ${batchId} and row_number = ${rowNumber} and state in ('queued', 'sending')
         and exists (select 1 from b)
      returning phone_number, amount_minor, currency, provider, description`),
  );
  if (!row) return null;
  return {
    phoneNumber: String(row.phone_number),
    amountMinor: Number(row.amount_minor),
    currency: String(row.currency),
    provider: String(row.provider),
    description: String(row.description),
  } as BatchRow;
}

/**
 * running → completed once no row is queued or claimed (one update: two instances may both try,
 * and only one moves it), with its batch.finished event for the outbox in the same transaction.
 */
export async function completeIfDone(db: Db, batchId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(batches)
      .set({ status: "completed", finishedAt: sql`now()` })
      .where(
        and(
          eq(batches.id, batchId),
          eq(batches.status, "running"),
          sql`not exists (select 1 from ${batchRows} where batch_id = ${batchId} and state in ('queued', 'sending'))`,
        ),
      )
      .returning({ id: batches.id, createdBy: batches.createdBy });
    if (done) await emitEvent(tx, "batch.finished", batchId, { batchId, status: "completed", createdBy: done.createdBy });
    return !!done;
  });
}

/** The rows a running batch still has to send (a job each): after approval, a resume, or a restart. */
export async function rowsToSend(db: Db, batchId: string): Promise<number[]> {
  const rows = await db
    .select({ n: batchRows.rowNumber })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), inArray(batchRows.state, ["queued", "sending"])))
    .orderBy(batchRows.rowNumber);
  return rows.map((r) => r.n);
}

/** Batches that are running: their rows are (re)queued when an instance starts. */
export async function runningBatchIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: batches.id }).from(batches).where(eq(batches.status, "running"));
  return rows.map((r) => r.id);
}
