// The history query: every filter in SQL, newest first, keyset pages on (created_at, id) so a
// page deep in a million rows costs what the first one does.
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, like, lt, lte, sql, type SQL } from "drizzle-orm";
import { likeLiteral } from "@/lib/text";
import { cursorAt, decodeCursor, encodeCursor, pastCursor } from "@/lib/cursor";
import type { Db } from "@/lib/db/open";
import { charges, type Charge, customers } from "@/lib/db/schema";
import { normalizePhone } from "@/lib/market/networks";
import { DEFAULT_PAGE_SIZE, searchKind, type HistoryFilters } from "./filters";

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

type HistoryRow = Charge & { cursor: string };
export type HistoryPage = { rows: HistoryRow[]; older: string | null; newer: string | null };

/** The text as a LIKE pattern's literal part: its %, _ and \\ match only themselves. */

function searchCondition(q: string): SQL {
  switch (searchKind(q)) {
    case "reference":
      // By prefix, so part of a reference finds it: LIKE 'TXN-MOMO-1795%' is a range scan of
      // charges_reference_prefix_idx (text_pattern_ops, migration 0010) in any collation.
      return like(charges.reference, `${likeLiteral(q.toUpperCase())}%`);
    case "phone":
      return eq(charges.phoneNumber, normalizePhone(q));
    default: {
      // Words in the description, or in the name of the directory's customer with that number (the
      // name the rows show). The customer's number stays masked in the rows as the role requires:
      // a name finds the charges, never shows the number. Both sides use a trigram index.
      const words = `%${likeLiteral(q)}%`;
      // The names' numbers as an array computed first (an InitPlan), so each side of the OR is an
      // index condition and the two are bitmap-ORed; `in (select …)` became a filter on every row.
      return sql`(${ilike(charges.description, words)} or ${charges.phoneNumber} = any(array(select ${customers.phoneNumber} from ${customers} where ${ilike(customers.name, words)})))`;
    }
  }
}

export function historyConditions(f: HistoryFilters): SQL[] {
  const c: SQL[] = [];
  if (f.q) c.push(searchCondition(f.q));
  if (f.status) c.push(eq(charges.status, f.status));
  if (f.network) c.push(eq(charges.provider, f.network));
  if (f.member) c.push(eq(charges.createdBy, f.member));
  if (f.batch) c.push(eq(charges.batchId, f.batch));
  if (f.request) c.push(eq(charges.paymentRequestId, f.request));
  if (f.currency) c.push(eq(charges.currency, f.currency));
  if (f.minMinor !== undefined) c.push(gte(charges.amountMinor, f.minMinor));
  if (f.maxMinor !== undefined) c.push(lte(charges.amountMinor, f.maxMinor));
  // A day's first instant in the business's zone: "2026-11-23" in Pacific/Auckland starts at 11:00 UTC the day before.
  const zone = f.timeZone ?? "UTC";
  if (f.from) c.push(gte(charges.createdAt, sql`(${f.from}::date::timestamp at time zone ${zone})`));
  if (f.to) c.push(lt(charges.createdAt, sql`((${f.to}::date + 1)::timestamp at time zone ${zone})`));
  return c;
}

export async function queryHistory(
  db: Db,
  f: HistoryFilters,
  page: { after?: string; before?: string; limit?: number } = {},
): Promise<HistoryPage> {
  const limit = page.limit ?? PAGE_SIZE;
  const after = page.after ? decodeCursor(page.after) : null;
  const before = !after && page.before ? decodeCursor(page.before) : null;
  const where = historyConditions(f);
  if (after) where.push(pastCursor(charges.createdAt, charges.id, "<", after));
  if (before) where.push(pastCursor(charges.createdAt, charges.id, ">", before));

  const found = await db
    .select({ ...getTableColumns(charges), at: cursorAt(charges.createdAt) })
    .from(charges)
    .where(and(...where))
    .orderBy(...(before ? [asc(charges.createdAt), asc(charges.id)] : [desc(charges.createdAt), desc(charges.id)]))
    .limit(limit + 1);

  const more = found.length > limit;
  const slice = found.slice(0, limit);
  if (before) slice.reverse();
  const rows = slice.map(({ at, ...row }) => ({ ...row, cursor: encodeCursor({ at, id: row.id }) }));
  const first = rows[0]?.cursor ?? null;
  const last = rows.at(-1)?.cursor ?? null;
  if (before) return { rows, newer: more ? first : null, older: last };
  return { rows, older: more ? last : null, newer: after ? first : null };
}

/** Past this many matching charges the count stops and the page says "More than 10,000". */
export const COUNT_CAP = 10_000;

/**
 * How many charges match the filters, counted up to COUNT_CAP + 1: a LIMIT under the count
 * stops the scan there, so a count over a million rows costs what one over ten thousand does.
 */
export async function countHistory(db: Db, f: HistoryFilters): Promise<{ count: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(charges)
    .where(and(...historyConditions(f)))
    .limit(COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
