// One keyset position, (created_at, id), as it travels in a URL: base64url of "<time>|<id>". The
// time is PostgreSQL's microsecond text: a JavaScript Date keeps only milliseconds, which would let
// rows created within one millisecond slip between pages. Every list read newest first by
// (created_at, id) pages with it: the history, the reconcile queue, bulk charges and pay links.
import "server-only";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";

export type Cursor = { at: string; id: string };

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.at}|${c.id}`).toString("base64url");

/** The position a cursor holds, or null when it is not one this codec wrote. */
export function decodeCursor(value: string): Cursor | null {
  if (value.length > 200) return null;
  const [at, id, ...rest] = Buffer.from(value, "base64url").toString().split("|");
  if (rest.length || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at ?? "") || !isUuid(id ?? "")) return null;
  // A real instant only (no Feb 30, hour 25, year 0): PostgreSQL's ::timestamptz would throw.
  const ms = Date.parse(`${at.slice(0, 23)}Z`);
  const real = !Number.isNaN(ms) && at >= "0001" && new Date(ms).toISOString().slice(0, 23) === at.slice(0, 23);
  return real ? { at, id: id.toLowerCase() } : null;
}

/** A request's cursor parameter: none when absent or empty, a 422 naming `field` when it is not a cursor. */
export function readCursor(value: string | null | undefined, field: string): Cursor | undefined {
  if (!value) return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) throw new AppError("invalid_request", undefined, { fields: { [field]: "Not a page of this list" } });
  return cursor;
}

/** A timestamp column as the microsecond text a cursor holds. */
export const cursorAt = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows on one side of the cursor in (created_at, id) order: "<" the older ones, ">" the newer. */
export function pastCursor(createdAt: AnyColumn, id: AnyColumn, side: "<" | ">", c: Cursor): SQL {
  return sql`(${createdAt}, ${id}) ${sql.raw(side)} (${c.at}::timestamptz, ${c.id}::uuid)`;
}

/** A page read as `limit` + 1 rows (the extra one says there is more), and the cursor of the page after. */
export function pageOf<T extends Cursor>(found: T[], limit: number): { rows: T[]; next: string | null } {
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return { rows, next: found.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null };
}
