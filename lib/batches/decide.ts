// Deciding on a batch and steering it: an owner approves or rejects what a maker prepared
// (maker-checker), and the owner or the maker pauses, resumes or cancels it. Each change of a
// batch's state is one conditional statement, so two members (or two instances) acting at once
// cannot both win: the loser is told what the batch has become.
import { and, eq, inArray, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { getOpenedDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { batches, batchRows, type Batch, type BatchStatus } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Asker, Member } from "@/lib/access/types";
import { batchDuplicates, getBatch } from "./queries";
import { completeIfDone } from "./runner";
import { queueBatch } from "./queue";
import { mayApprove, mayControl } from "./may";
import { viewOf } from "./views";

/** Approve (the rows are queued at once) or reject: the batch as the member now sees it. */
export async function decide(ctx: Asker, id: string, decision: Decision) {
  const batch = await decideBatch(ctx.db, id, ctx.member, decision, env().DUPLICATE_WINDOW_MINUTES);
  // Every row skipped: nothing to send, so it is finished now.
  if (batch.status === "running" && !(await completeIfDone(ctx.db, id))) await queueBatch(await getOpenedDb(), id);
  return viewOf(ctx.db, batch, ctx.member);
}

/** Pause, resume or cancel: the batch as the member now sees it. */
export async function control(ctx: Asker, id: string, action: BatchControl) {
  const batch = await controlBatch(ctx.db, id, ctx.member, action);
  if (batch.status === "running") await queueBatch(await getOpenedDb(), id);
  return viewOf(ctx.db, batch, ctx.member);
}

/**
 * Approves (the batch starts running) or rejects (its rows are cancelled) a batch awaiting
 * approval. Approving one with possible duplicates needs `acknowledgeDuplicates`.
 */
export async function decideBatch(db: Db, id: string, member: Member, decision: Decision, windowMinutes: number): Promise<Batch> {
  const batch = await getBatch(db, id);
  if (!batch) throw new AppError("not_found", "No batch has this id.");
  if (batch.status !== "awaiting_approval") throw stateConflict(batch.status);
  let duplicates: Awaited<ReturnType<typeof batchDuplicates>> = [];
  if (decision.approve) {
    const allowed = await mayApprove(db, member, batch.createdBy);
    if (!allowed.ok) throw new AppError("maker_checker", allowed.why);
    duplicates = await batchDuplicates(db, id, windowMinutes);
    if (duplicates.length > 0 && !decision.acknowledgeDuplicates && !decision.skipDuplicates) {
      throw new AppError(
        "possible_duplicates",
        `${duplicates.length} ${duplicates.length === 1 ? "row repeats" : "rows repeat"} a charge: approve them too, or leave them out.`,
        { fields: { acknowledgeDuplicates: "Confirm that the possible duplicates are meant, or skip them" } },
      );
    }
  } else if (member.role !== "owner") {
    throw new AppError("maker_checker", "Only an owner rejects a batch.");
  }
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(batches)
      .set({
        status: decision.approve ? "running" : "rejected",
        decidedBy: member.id,
        decidedAt: sql`now()`,
        ...(decision.approve ? {} : { finishedAt: sql`now()` }),
      })
      .where(and(eq(batches.id, id), eq(batches.status, "awaiting_approval")))
      .returning();
    if (!changed) throw stateConflict((await getBatch(tx as unknown as Db, id))?.status ?? "awaiting_approval");
    if (!decision.approve) {
      await tx
        .update(batchRows)
        .set({ state: "cancelled", updatedAt: sql`now()` })
        .where(and(eq(batchRows.batchId, id), eq(batchRows.state, "queued")));
    }
    // The possible duplicates the approver leaves out: never sent, and said so (with who decided, below).
    const skipped = decision.approve && decision.skipDuplicates ? [...new Set(duplicates.map((d) => d.rowNumber))] : [];
    if (skipped.length) {
      await tx
        .update(batchRows)
        .set({ state: "skipped", updatedAt: sql`now()` })
        .where(and(eq(batchRows.batchId, id), eq(batchRows.state, "queued"), inArray(batchRows.rowNumber, skipped)));
    }
    await audit(tx, {
      action: decision.approve ? "batch_approved" : "batch_rejected",
      actor: member,
      targetId: id,
      detail: {
        rows: changed.rowCount,
        totals: changed.totals,
        ...(decision.approve
          ? skipped.length
            ? { duplicatesSkipped: skipped.length, skippedLines: skipped }
            : { duplicatesAcknowledged: !!decision.acknowledgeDuplicates }
          : {}),
      },
    });
    return changed;
  });
}

export type BatchControl = "pause" | "resume" | "cancel";

/** An owner's decision: reject, or approve with the possible duplicates included or left out. */
export type Decision = { approve: boolean; acknowledgeDuplicates?: boolean; skipDuplicates?: boolean };

const CONTROL: Record<
  BatchControl,
  { from: BatchStatus[]; to: BatchStatus; action: "batch_paused" | "batch_resumed" | "batch_cancelled" }
> = {
  pause: { from: ["running"], to: "paused", action: "batch_paused" },
  resume: { from: ["paused"], to: "running", action: "batch_resumed" },
  cancel: { from: ["running", "paused", "awaiting_approval"], to: "cancelled", action: "batch_cancelled" },
};

/**
 * Pause: no row is claimed until resumed (a row already claimed finishes). Cancel: every row
 * still queued is cancelled in the same transaction, so none is sent after it (a claim waits
 * for this statement: ./runner.ts). Rows claimed before it finish: they may be in flight.
 */
export async function controlBatch(db: Db, id: string, member: Member, control: BatchControl): Promise<Batch> {
  const batch = await getBatch(db, id);
  if (!batch) throw new AppError("not_found", "No batch has this id.");
  if (!mayControl(member, batch)) throw new AppError("forbidden", "Only an owner or the member who prepared a batch may do that.");
  const rule = CONTROL[control];
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(batches)
      .set({ status: rule.to, changedBy: member.id, changedAt: sql`now()`, ...(control === "cancel" ? { finishedAt: sql`now()` } : {}) })
      .where(and(eq(batches.id, id), inArray(batches.status, rule.from)))
      .returning();
    if (!changed) throw stateConflict((await getBatch(tx as unknown as Db, id))?.status ?? batch.status);
    let cancelledRows = 0;
    if (control === "cancel") {
      const cancelled = await tx
        .update(batchRows)
        .set({ state: "cancelled", updatedAt: sql`now()` })
        .where(and(eq(batchRows.batchId, id), eq(batchRows.state, "queued")))
        .returning({ n: batchRows.rowNumber });
      cancelledRows = cancelled.length;
    }
    await audit(tx, {
      action: rule.action,
      actor: member,
      targetId: id,
      detail: control === "cancel" ? { rowsCancelled: cancelledRows } : {},
    });
    return changed;
  });
}

const STATE_WORDS: Record<BatchStatus, string> = {
  awaiting_approval: "is awaiting approval",
  rejected: "was rejected",
  running: "is running",
  paused: "is paused",
  cancelled: "was cancelled",
  completed: "has finished",
};

function stateConflict(status: BatchStatus): AppError {
  return new AppError("batch_state", `This batch ${STATE_WORDS[status]}: reload to see it as it is now.`);
}
