// The reconciliation queue: `unknown` charges, and `pending` ones older than the threshold,
// filtered, oldest first unless asked otherwise, in keyset pages on (created_at, id) as the
// history's (the same cursors), so a page costs the same wherever it is.
import { and, asc, count, desc, eq, getTableColumns, lt, or, sql, type SQL } from "drizzle-orm";
import { type Cursor, cursorAt, decodeCursor, encodeCursor, pastCursor } from "@/lib/cursor";
import type { Db } from "@/lib/db/open";
import { charges, type Charge } from "@/lib/db/schema";
import type { QueueFilters } from "./filters";

export const QUEUE_PAGE_SIZE = 25;

const olderThan = (ms: number) => lt(charges.createdAt, sql`now() - make_interval(secs => ${ms / 1000})`);

/** What puts a charge in the queue at all. */
export function inQueue(pendingOlderThanMs: number): SQL {
  return or(eq(charges.status, "unknown"), and(eq(charges.status, "pending"), olderThan(pendingOlderThanMs))) as SQL;
}

/** The filters' conditions, on top of `inQueue`. */
export function queueConditions(f: QueueFilters): SQL[] {
  const c: SQL[] = [];
  if (f.status) c.push(eq(charges.status, f.status));
  if (f.network) c.push(eq(charges.provider, f.network));
  if (f.age) c.push(olderThan(f.age.ms));
  return c;
}

type QueueRow = Charge & { cursor: string };
export type QueuePage = { rows: QueueRow[]; next: string | null; prev: string | null };

/**
 * One page of the queue in the filters' order. `after` is the last row of the page before
 * (the next page), `before` the first row of the page after (the previous page).
 */
export async function queryQueue(
  db: Db,
  pendingOlderThanMs: number,
  f: QueueFilters,
  page: { after?: string; before?: string; limit?: number } = {},
): Promise<QueuePage> {
  const limit = page.limit ?? QUEUE_PAGE_SIZE;
  const after = page.after ? decodeCursor(page.after) : null;
  const before = !after && page.before ? decodeCursor(page.before) : null;
  const oldest = f.order === "oldest";
  const past = (side: "<" | ">", c: Cursor) => pastCursor(charges.createdAt, charges.id, side, c);
  const where = [inQueue(pendingOlderThanMs), ...queueConditions(f)];
  // Going forward in the shown order is "later" when oldest first, "earlier" when newest first.
  if (after) where.push(past(oldest ? ">" : "<", after));
  if (before) where.push(past(oldest ? "<" : ">", before));
  // Walking back to the previous page reads the other way from the cursor, then turns the rows round.
  const ascending = oldest !== !!before;
  const dir = ascending ? asc : desc;

  const found = await db
    .select({ ...getTableColumns(charges), at: cursorAt(charges.createdAt) })
    .from(charges)
    .where(and(...where))
    .orderBy(dir(charges.createdAt), dir(charges.id))
    .limit(limit + 1);

  const more = found.length > limit;
  const slice = found.slice(0, limit);
  if (before) slice.reverse();
  const rows = slice.map(({ at: text, ...row }) => ({ ...row, cursor: encodeCursor({ at: text, id: row.id }) }));
  const first = rows[0]?.cursor ?? null;
  const last = rows.at(-1)?.cursor ?? null;
  if (before) return { rows, prev: more ? first : null, next: last };
  return { rows, next: more ? last : null, prev: after ? first : null };
}

/** How many charges need a decision, and how many of them the filters keep. */
export async function countQueue(db: Db, pendingOlderThanMs: number, f: QueueFilters): Promise<{ total: number; matching: number }> {
  const filtered = queueConditions(f);
  const [row] = await db
    .select({
      total: count(),
      matching: filtered.length ? sql<number>`count(*) filter (where ${and(...filtered)})`.mapWith(Number) : count(),
    })
    .from(charges)
    .where(inQueue(pendingOlderThanMs));
  return { total: row?.total ?? 0, matching: row?.matching ?? 0 };
}
