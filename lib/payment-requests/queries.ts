// Payment requests in the database. Each takes the database first, so tests hand it a PGlite.
import { and, desc, eq, getTableColumns, ilike, inArray, or, sql } from "drizzle-orm";
import { likeLiteral } from "@/lib/text";
import { type Cursor, cursorAt, pastCursor } from "@/lib/cursor";
import type { Db, DbOrTx } from "@/lib/db/open";
import { charges, paymentRequests, type PaymentRequest } from "@/lib/db/schema";
import type { RequestStatus } from "./shape";
import { requestStatus } from "./status";

export const REQUESTS_PAGE_SIZE = 25;
export const ATTEMPTS_PAGE_SIZE = 100;

export type NewRequestRow = Omit<typeof paymentRequests.$inferInsert, "id" | "createdAt" | "state" | "changedBy" | "changedAt">;

export async function insertRequest(db: DbOrTx, row: NewRequestRow): Promise<PaymentRequest> {
  const [r] = await db.insert(paymentRequests).values(row).returning();
  return r;
}

export async function getRequest(db: DbOrTx, id: string): Promise<PaymentRequest | null> {
  const [r] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
  return r ?? null;
}

/** A request with an attempt to pay it whose outcome is unknown (the reconciliation queue settles it). */
const withUnknownAttempt = sql`exists (select 1 from ${charges} where ${charges.paymentRequestId} = ${paymentRequests.id} and ${charges.status} = 'unknown')`;

/**
 * Newest first, keyset pages (`before`: the last request of the previous page), each with its
 * cursor's time; `unknownOnly`: only those with an attempt whose outcome is unknown.
 */
export async function listRequests(db: Db, before?: Cursor, limit = REQUESTS_PAGE_SIZE, unknownOnly = false) {
  return db
    .select({ ...getTableColumns(paymentRequests), at: cursorAt(paymentRequests.createdAt) })
    .from(paymentRequests)
    .where(
      and(
        before ? pastCursor(paymentRequests.createdAt, paymentRequests.id, "<", before) : undefined,
        unknownOnly ? withUnknownAttempt : undefined,
      ),
    )
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(limit);
}

export type RequestTotals = { paid: number; collectedMinor: number; attempts: number; open: number };

const NO_ATTEMPTS: RequestTotals = { paid: 0, collectedMinor: 0, attempts: 0, open: 0 };

/** Each request's payments, in one statement: successful ones and their sum, every attempt, those not settled. */
export async function requestTotals(db: DbOrTx, ids: readonly string[]): Promise<Map<string, RequestTotals>> {
  const totals = new Map<string, RequestTotals>(ids.map((id) => [id, NO_ATTEMPTS]));
  if (ids.length === 0) return totals;
  const rows = await db
    .select({
      id: charges.paymentRequestId,
      paid: sql<number>`count(*) filter (where ${charges.status} = 'success')::int`,
      collectedMinor: sql<string>`coalesce(sum(${charges.amountMinor}) filter (where ${charges.status} = 'success'), 0)`,
      attempts: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${charges.status} in ('submitting', 'pending', 'unknown'))::int`,
    })
    .from(charges)
    .where(inArray(charges.paymentRequestId, [...ids]))
    .groupBy(charges.paymentRequestId);
  for (const r of rows) {
    if (r.id)
      totals.set(r.id, {
        paid: Number(r.paid),
        collectedMinor: Number(r.collectedMinor),
        attempts: Number(r.attempts),
        open: Number(r.open),
      });
  }
  return totals;
}

/** A request's attempts to pay, newest first. */
export async function requestAttempts(db: Db, id: string, limit = ATTEMPTS_PAGE_SIZE) {
  return db.select().from(charges).where(eq(charges.paymentRequestId, id)).orderBy(desc(charges.createdAt), desc(charges.id)).limit(limit);
}

/** Where request `r` stands now: its row, its successful payments and the clock (./status.ts). */
export async function currentStatus(db: DbOrTx, r: PaymentRequest): Promise<RequestStatus> {
  return requestStatus({ ...r, paid: (await requestTotals(db, [r.id])).get(r.id)?.paid ?? 0 });
}

/** Requests whose own reference starts with `q` or whose description holds it, either in any case; newest first. */
export async function findRequests(db: Db, q: string, limit: number): Promise<PaymentRequest[]> {
  const text = likeLiteral(q.trim());
  return db
    .select()
    .from(paymentRequests)
    .where(or(ilike(paymentRequests.reference, `${text}%`), ilike(paymentRequests.description, `%${text}%`)))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(limit);
}
