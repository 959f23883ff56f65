// Bulk batches in the database: prepared by a maker, approved or rejected by an owner (the
// checker), then sent row by row by the job queue (./runner.ts), paused, resumed or cancelled.
// Each change of a batch's state is one conditional statement, so two members (or two
// instances) acting at once cannot both win: the loser is told what the batch has become.
//
// A row's state (batch_rows.state):
//   queued     not sent; a job will send it while the batch runs
//   sending    claimed by a job: its ledger row may exist, and its request may have left
//   sent       its charge is in the ledger (charge_id), whatever the charge's outcome
//   cancelled  the batch was cancelled or rejected before the row was claimed
import { AppError } from "@/lib/errors";
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { audit } from "@/lib/audit/entries";
import type { Member } from "@/lib/team/types";
import { rowsOf, type Db } from "@/lib/db/open";
import { batches, batchRows, charges, securitySettings, user, type Batch, type BatchStatus } from "@/lib/db/schema";
import { duplicateKey, findRecentDuplicates, type PossibleDuplicate } from "@/lib/charges/duplicates";
import type { ChargeStatus } from "@/lib/market/statuses";
import type { BatchRowInput } from "./schema";

/** How a batch's rows stand: by row state, and the charges' outcomes of those sent. */
export type BatchCounts = Record<"queued" | "sending" | "sent" | "cancelled", number> & Record<ChargeStatus, number>;

export function totalsOf(rows: readonly Pick<BatchRowInput, "amountMinor" | "currency">[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const r of rows) totals[r.currency] = (totals[r.currency] ?? 0) + r.amountMinor;
  return totals;
}

/** Rows are written this many to a statement (8 values each, well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 2_000;

/** A new batch awaiting approval, its rows numbered 1… in the order given; audited with counts only. */
export async function createBatch(db: Db, label: string, rows: readonly BatchRowInput[], maker: Member): Promise<Batch> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(batches)
      .values({ label, rowCount: rows.length, totals: totalsOf(rows), createdBy: maker.id })
      .returning();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(batchRows).values(
        rows.slice(i, i + INSERT_CHUNK).map((r, j) => ({
          batchId: batch.id,
          rowNumber: i + j + 1,
          phoneNumber: r.phoneNumber,
          amountMinor: r.amountMinor,
          currency: r.currency,
          provider: r.provider,
          description: r.description,
          customerReference: r.customerReference || null,
        })),
      );
    }
    await audit(tx, {
      action: "batch_created",
      actor: maker,
      targetId: batch.id,
      detail: { rows: rows.length, totals: batch.totals },
    });
    return batch;
  });
}

export async function getBatch(db: Db, id: string): Promise<Batch | null> {
  const [b] = await db.select().from(batches).where(eq(batches.id, id));
  return b ?? null;
}

export const BATCH_PAGE_SIZE = 25;

/** Newest first, keyset pages (`before`: the last batch of the previous page). */
export async function listBatches(db: Db, before?: { createdAt: Date; id: string }, limit = BATCH_PAGE_SIZE) {
  return db
    .select()
    .from(batches)
    .where(
      before
        ? or(lt(batches.createdAt, before.createdAt), and(eq(batches.createdAt, before.createdAt), lt(batches.id, before.id)))
        : undefined,
    )
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit);
}

/** One statement: the rows by state, and the outcomes of the charges they became. */
export async function batchCounts(db: Db, id: string): Promise<BatchCounts> {
  const rows = rowsOf<{ key: string; n: number | string }>(
    await db.execute(sql`
      select state as key, count(*) as n from ${batchRows} where batch_id = ${id} group by state
      union all
      select 'charge:' || status, count(*) from ${charges} where batch_id = ${id} group by status`),
  );
  const counts: BatchCounts = {
    queued: 0,
    sending: 0,
    sent: 0,
    cancelled: 0,
    submitting: 0,
    pending: 0,
    success: 0,
    failed: 0,
    unknown: 0,
  };
  for (const r of rows) {
    const key = (r.key.startsWith("charge:") ? r.key.slice(7) : r.key) as keyof BatchCounts;
    if (key in counts) counts[key] = Number(r.n);
  }
  return counts;
}

export const ROWS_PAGE_SIZE = 50;

export type BatchRowWithCharge = typeof batchRows.$inferSelect & {
  charge: { id: string; status: ChargeStatus; reference: string | null; createdBy: string | null; phoneHidden: boolean } | null;
};

/** A page of a batch's rows in file order (keyset: `after` is the last row number shown). */
export async function batchRowsPage(db: Db, id: string, after = 0, limit = ROWS_PAGE_SIZE): Promise<BatchRowWithCharge[]> {
  const rows = await db
    .select({
      row: batchRows,
      charge: {
        id: charges.id,
        status: charges.status,
        reference: charges.reference,
        createdBy: charges.createdBy,
        phoneHidden: charges.phoneHidden,
      },
    })
    .from(batchRows)
    .leftJoin(charges, eq(charges.id, batchRows.chargeId))
    .where(and(eq(batchRows.batchId, id), gt(batchRows.rowNumber, after)))
    .orderBy(asc(batchRows.rowNumber))
    .limit(limit);
  return rows.map(({ row, charge }) => ({ ...row, charge: charge?.id ? charge : null }));
}

/** Every row of a batch with its charge, for the results file (10,000 at most). */
export async function allBatchRows(db: Db, id: string): Promise<BatchRowWithCharge[]> {
  return batchRowsPage(db, id, 0, 10_000);
}

/** A row that repeats another (same number, amount and currency) in the batch, or a recent charge. */
export type BatchDuplicate =
  | { kind: "in_batch"; rowNumber: number; sameAs: number; phoneNumber: string; amountMinor: number; currency: string }
  | { kind: "recent"; rowNumber: number; charge: PossibleDuplicate; phoneNumber: string; amountMinor: number; currency: string };

/** What an approver is asked about before the batch may run. */
export async function batchDuplicates(db: Db, id: string, windowMinutes: number): Promise<BatchDuplicate[]> {
  const rows = await db
    .select({
      rowNumber: batchRows.rowNumber,
      phoneNumber: batchRows.phoneNumber,
      amountMinor: batchRows.amountMinor,
      currency: batchRows.currency,
    })
    .from(batchRows)
    .where(eq(batchRows.batchId, id))
    .orderBy(asc(batchRows.rowNumber));
  const found: BatchDuplicate[] = [];
  const first = new Map<string, number>();
  for (const r of rows) {
    const key = duplicateKey(r);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, r.rowNumber);
    else found.push({ kind: "in_batch", sameAs: earlier, ...r });
  }
  const recent = await findRecentDuplicates(db, rows, windowMinutes);
  for (const r of rows) {
    const charge = recent.get(duplicateKey(r));
    if (charge) found.push({ kind: "recent", charge, ...r });
  }
  return found.sort((a, b) => a.rowNumber - b.rowNumber);
}

export const SELF_APPROVAL_RULES = ["never", "sole_owner", "always"] as const;
export type SelfApproval = (typeof SELF_APPROVAL_RULES)[number];

async function selfApprovalRule(db: Db): Promise<SelfApproval> {
  const [row] = await db.select({ rule: securitySettings.batchSelfApproval }).from(securitySettings).limit(1);
  const rule = row?.rule as SelfApproval | undefined;
  return rule && SELF_APPROVAL_RULES.includes(rule) ? rule : "sole_owner";
}

/** Whether `member` may approve a batch `makerId` prepared (README, "Bulk charges": maker-checker). */
export async function mayApprove(db: Db, member: Member, makerId: string): Promise<{ ok: true } | { ok: false; why: string }> {
  if (member.role !== "owner") return { ok: false, why: "Only an owner approves a batch." };
  if (member.id !== makerId) return { ok: true };
  const rule = await selfApprovalRule(db);
  if (rule === "always") return { ok: true };
  if (rule === "sole_owner") {
    const [{ owners }] = rowsOf<{ owners: number | string }>(
      await db.execute(
        sql`select count(*) as owners from ${user} where role = 'owner' and coalesce(banned, false) = false and id <> ${member.id}`,
      ),
    );
    if (Number(owners) === 0) return { ok: true };
    return { ok: false, why: "Another owner approves a batch you prepared." };
  }
  return { ok: false, why: "A batch is approved by someone other than the member who prepared it." };
}

/**
 * Approves (the batch starts running) or rejects (its rows are cancelled) a batch awaiting
 * approval. Approving one with possible duplicates needs `acknowledgeDuplicates`.
 */
export async function decideBatch(
  db: Db,
  id: string,
  member: Member,
  decision: { approve: boolean; acknowledgeDuplicates: boolean },
  windowMinutes: number,
): Promise<Batch> {
  const batch = await getBatch(db, id);
  if (!batch) throw new AppError("not_found", "No batch has this id.");
  if (batch.status !== "awaiting_approval") throw stateConflict(batch.status);
  if (decision.approve) {
    const allowed = await mayApprove(db, member, batch.createdBy);
    if (!allowed.ok) throw new AppError("maker_checker", allowed.why);
    const duplicates = await batchDuplicates(db, id, windowMinutes);
    if (duplicates.length > 0 && !decision.acknowledgeDuplicates) {
      throw new AppError(
        "possible_duplicates",
        `${duplicates.length} ${duplicates.length === 1 ? "row repeats" : "rows repeat"} a charge: confirm to approve anyway.`,
        { fields: { acknowledgeDuplicates: "Confirm that the possible duplicates are meant" } },
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
    await audit(tx, {
      action: decision.approve ? "batch_approved" : "batch_rejected",
      actor: member,
      targetId: id,
      detail: {
        rows: changed.rowCount,
        totals: changed.totals,
        ...(decision.approve ? { duplicatesAcknowledged: decision.acknowledgeDuplicates } : {}),
      },
    });
    return changed;
  });
}

export type BatchControl = "pause" | "resume" | "cancel";

const CONTROL: Record<
  BatchControl,
  { from: BatchStatus[]; to: BatchStatus; action: "batch_paused" | "batch_resumed" | "batch_cancelled" }
> = {
  pause: { from: ["running"], to: "paused", action: "batch_paused" },
  resume: { from: ["paused"], to: "running", action: "batch_resumed" },
  cancel: { from: ["running", "paused", "awaiting_approval"], to: "cancelled", action: "batch_cancelled" },
};

/** The owner, or the member who prepared it, pauses, resumes or cancels a batch. */
export function mayControl(member: Member, batch: Pick<Batch, "createdBy">): boolean {
  return member.role === "owner" || member.id === batch.createdBy;
}

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
