import { and, asc, desc, eq, getTableColumns, gt, ilike, inArray, sql } from "drizzle-orm";
import { likeLiteral } from "@/lib/text";
import { type Cursor, cursorAt, pastCursor } from "@/lib/cursor";
import { emitEvent } from "@/lib/events";
import { audit } from "@/lib/audit";
import type { Member } from "@/lib/access/types";
import { rowsOf, type Db } from "@/lib/db/open";
import { batches, batchRows, charges, type Batch, type BatchRow, type BatchStatus } from "@/lib/db/schema";
import { duplicateKey, findRecentDuplicates, type PossibleDuplicate } from "@/lib/charges";
import type { ChargeStatus } from "@/lib/market/statuses";
import type { BatchRowInput } from "./schema";

/** How a batch's rows stand: by row state, and the charges' outcomes of those sent. */
export type BatchCounts = Record<"queued" | "sending" | "sent" | "cancelled" | "skipped", number> & Record<ChargeStatus, number>;

export function totalsOf(rows: readonly Pick<BatchRowInput, "amountMinor" | "currency">[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const r of rows) totals[r.currency] = (totals[r.currency] ?? 0) + r.amountMinor;
  return totals;
}

/** Rows are written this many to a statement (8 values each, well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 2_000;

/**
 * A new batch awaiting approval; audited with counts only. Each row keeps its number: its line in
 * the file when given (`lines`, one per row, distinct), else 1… in the order given.
 */
export async function createBatch(
  db: Db,
  label: string,
  rows: readonly BatchRowInput[],
  maker: Member,
  lines: readonly number[] = rows.map((_, i) => i + 1),
): Promise<Batch> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(batches)
      .values({ label, rowCount: rows.length, totals: totalsOf(rows), createdBy: maker.id })
      .returning();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(batchRows).values(
        rows.slice(i, i + INSERT_CHUNK).map((r, j) => ({
          batchId: batch.id,
          rowNumber: lines[i + j],
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
    await emitEvent(tx, "batch.awaiting_approval", batch.id, {
      batchId: batch.id,
      rows: rows.length,
      totals: batch.totals,
      createdBy: maker.id,
    });
    return batch;
  });
}

export async function getBatch(db: Db, id: string): Promise<Batch | null> {
  const [b] = await db.select().from(batches).where(eq(batches.id, id));
  return b ?? null;
}

export const BATCH_PAGE_SIZE = 25;

/**
 * Newest first, keyset pages (`before`: the last batch of the previous page), each with its cursor's
 * time; `status`: only the batches in it (batches_status_idx).
 */
export async function listBatches(db: Db, before?: Cursor, limit = BATCH_PAGE_SIZE, status?: BatchStatus) {
  return db
    .select({ ...getTableColumns(batches), at: cursorAt(batches.createdAt) })
    .from(batches)
    .where(
      and(before ? pastCursor(batches.createdAt, batches.id, "<", before) : undefined, status ? eq(batches.status, status) : undefined),
    )
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit);
}

/**
 * One statement: the rows by state, and the outcomes of the charges of the rows sent. A row on its
 * way (sending) is counted there only, not also by its charge's `submitting`: the rows' states add
 * up to the batch's rows at every moment, and the outcomes add up to the rows sent.
 */
export async function batchCounts(db: Db, id: string): Promise<BatchCounts> {
  const rows = rowsOf<{ key: string; n: number | string }>(
    await db.execute(sql`
      select state as key, count(*) as n from ${batchRows} where batch_id = ${id} group by state
      union all
      select 'charge:' || c.status, count(*) from ${batchRows} r join ${charges} c on c.id = r.charge_id
       where r.batch_id = ${id} and r.state = 'sent' group by c.status`),
  );
  const counts: BatchCounts = {
    queued: 0,
    sending: 0,
    sent: 0,
    cancelled: 0,
    skipped: 0,
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

/** The rows of running or paused batches, by state (the metrics' bulk rows): what is still to go, and what is under way. */
export async function liveRowsByState(db: Db): Promise<Partial<Record<BatchRow["state"], number>>> {
  const rows = await db
    .select({ state: batchRows.state, n: sql<number>`count(*)::int` })
    .from(batchRows)
    .innerJoin(batches, eq(batches.id, batchRows.batchId))
    .where(inArray(batches.status, ["running", "paused"]))
    .groupBy(batchRows.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Batches whose label holds `q` in any case, newest first. */
export async function findBatchRows(db: Db, q: string, limit: number): Promise<Batch[]> {
  const text = likeLiteral(q.trim());
  return db
    .select()
    .from(batches)
    .where(ilike(batches.label, `%${text}%`))
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit);
}
