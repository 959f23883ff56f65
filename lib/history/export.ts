// The history as a CSV download: exactly the rows the page's filters select, in the page's
// order, streamed page by page (keyset cursor) so a million-row export never sits in memory.
import { csvNetwork, csvPhone, csvStatus, csvTimes, toCsv } from "@/lib/csv";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { paymentRequests, user, type Charge } from "@/lib/db/schema";
import { minorToDecimal } from "@/lib/money";
import { todayIn } from "@/lib/day";
import { phoneFor } from "@/lib/access";
import { queryHistory } from "./queries";
import type { Viewer } from "@/lib/charges/view";
import type { HistoryFilters } from "./filters";

/** Rows per database round trip: large enough to be fast, small enough to stay light. */
const EXPORT_PAGE_SIZE = 1000;

/** The charges file's columns (lib/csv.ts: the dialect and the columns every export shares). */
export const EXPORT_COLUMNS = [
  "time",
  "time_utc",
  "status",
  "status_code",
  "amount",
  "currency",
  "phone",
  "network",
  "network_code",
  "reference",
  "description",
  "made_by",
  "message",
  "settled_time",
  "settled_time_utc",
  "reversed_amount",
  "charge_id",
  "pay_link_id",
  "pay_link_reference",
] as const;

export type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string>;

/**
 * One CSV row; the phone number whole only when `viewer` may see it (lib/access/phone-visibility.ts).
 * `payLinkReference`: the merchant's own reference of the pay link the charge paid, if it has one.
 */
export function toExportRecord(
  c: Charge,
  madeBy: string | null,
  viewer: Viewer,
  timeZone: string,
  payLinkReference: string | null = null,
): ExportRecord {
  const settled = csvTimes(c.settledAt, timeZone);
  return {
    ...csvTimes(c.createdAt, timeZone),
    ...csvStatus(c.status),
    amount: minorToDecimal(c.amountMinor, c.currency),
    currency: c.currency,
    phone: csvPhone(phoneFor(viewer, c)),
    ...csvNetwork(c.provider),
    reference: c.reference ?? "",
    description: c.description,
    made_by: madeBy ?? "",
    message: c.message ?? "",
    settled_time: settled.time,
    settled_time_utc: settled.time_utc,
    reversed_amount: minorToDecimal(c.reversedMinor, c.currency),
    charge_id: c.id,
    pay_link_id: c.paymentRequestId ?? "",
    pay_link_reference: payLinkReference ?? "",
  };
}

/** "charges-2026-11-22.csv", dated in the business's time zone `timeZone`. */
export function exportFilename(timeZone: string, now = new Date()): string {
  return `charges-${todayIn(timeZone, now)}.csv`;
}

export function exportHeaders(timeZone: string, now = new Date()): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFilename(timeZone, now)}"`,
    "Cache-Control": "no-store",
  };
}

/**
 * The export as a byte stream. The first page is read before the stream is returned, so a
 * database failure at the start is an ordinary error response, not a broken download; later
 * pages are read only when the client pulls, so a slow reader never makes the server buffer.
 */
export async function exportCsv(
  db: Db,
  filters: HistoryFilters,
  viewer: Viewer,
  timeZone: string,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const emails = new Map<string, string | null>();
  const linkReferences = new Map<string, string | null>();

  async function nextChunk(after: string | undefined, first: boolean) {
    const page = await queryHistory(db, filters, { after, limit: pageSize });
    await Promise.all([learnEmails(db, emails, page.rows), learnLinkReferences(db, linkReferences, page.rows)]);
    const records = page.rows.map((c) =>
      toExportRecord(
        c,
        c.createdBy ? (emails.get(c.createdBy) ?? null) : null,
        viewer,
        timeZone,
        c.paymentRequestId ? (linkReferences.get(c.paymentRequestId) ?? null) : null,
      ),
    );
    return { bytes: encoder.encode(toCsv(records, EXPORT_COLUMNS, first)), older: page.older };
  }

  let pending: { bytes: Uint8Array; older: string | null } | null = await nextChunk(undefined, true);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!pending) return controller.close();
      const { bytes, older } = pending;
      pending = null;
      controller.enqueue(bytes);
      if (older === null) return controller.close();
      // The failure of a later page ends the download with an error: a truncated file that
      // looks complete would be worse.
      pending = await nextChunk(older, false);
    },
    cancel() {
      pending = null;
    },
  });
}

/** Looks up, once per export, the email of each member not met on an earlier page. */
async function learnEmails(db: Db, known: Map<string, string | null>, rows: Charge[]): Promise<void> {
  const missing = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => !!id && !known.has(id)))];
  if (!missing.length) return;
  const found = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, missing));
  for (const id of missing) known.set(id, null);
  for (const m of found) known.set(m.id, m.email);
}

/** Looks up, once per export, the merchant's reference of each pay link not met on an earlier page. */
async function learnLinkReferences(db: Db, known: Map<string, string | null>, rows: Charge[]): Promise<void> {
  const missing = [...new Set(rows.map((r) => r.paymentRequestId).filter((id): id is string => !!id && !known.has(id)))];
  if (!missing.length) return;
  const found = await db
    .select({ id: paymentRequests.id, reference: paymentRequests.reference })
    .from(paymentRequests)
    .where(inArray(paymentRequests.id, missing));
  for (const id of missing) known.set(id, null);
  for (const r of found) known.set(r.id, r.reference);
}
