// The history as a CSV or XLSX download: exactly the rows the page's filters select, in the
// page's order, streamed page by page (keyset cursor) so a million-row export never sits in memory.
// One path for both formats: the same pages of the same records, written by lib/csv.ts or lib/xlsx.ts.
import { csvNetwork, csvPhone, csvStatus, csvTimes, toCsv } from "@/lib/csv";
import { AppError } from "@/lib/errors";
import { XLSX_CONTENT_TYPE, xlsxStream } from "@/lib/xlsx";
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

/** The files the export writes: `?format=` names one, CSV when it names none. */
const EXPORT_FORMATS = ["csv", "xlsx"] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", xlsx: XLSX_CONTENT_TYPE };

/** The format the address asks for (its first `format`); any other value is refused, 400 naming `format`. */
export function exportFormat(value: string | null): ExportFormat {
  if (value === null) return "csv";
  const format = EXPORT_FORMATS.find((f) => f === value);
  if (format) return format;
  throw new AppError("unknown_format", "The export writes CSV or XLSX files only; nothing was exported.", {
    fields: { format: "Choose csv or xlsx" },
  });
}

/** "charges-2026-11-22.csv" (or .xlsx), dated in the business's time zone `timeZone`. */
export function exportFilename(timeZone: string, now = new Date(), format: ExportFormat = "csv"): string {
  return `charges-${todayIn(timeZone, now)}.${format}`;
}

export function exportHeaders(timeZone: string, now = new Date(), format: ExportFormat = "csv"): HeadersInit {
  return {
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": `attachment; filename="${exportFilename(timeZone, now, format)}"`,
    "Cache-Control": "no-store",
  };
}

/** The sheet's column widths, in characters, where the header's own width is too narrow. */
const XLSX_WIDTHS: Partial<Record<(typeof EXPORT_COLUMNS)[number], number>> = {
  time: 20,
  time_utc: 21,
  amount: 12,
  phone: 14,
  network: 18,
  reference: 18,
  description: 32,
  made_by: 26,
  message: 32,
  settled_time: 20,
  settled_time_utc: 21,
  charge_id: 38,
  pay_link_id: 38,
};

/** The export in `format`, as a byte stream (see exportCsv: the first page is read before it returns). */
export async function exportFile(
  db: Db,
  filters: HistoryFilters,
  viewer: Viewer,
  timeZone: string,
  format: ExportFormat,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  if (format === "csv") return exportCsv(db, filters, viewer, timeZone, pageSize);
  const next = await exportPages(db, filters, viewer, timeZone, pageSize);
  return xlsxStream({ sheet: "Charges", columns: EXPORT_COLUMNS, widths: XLSX_WIDTHS }, next);
}

/**
 * The export as a CSV byte stream. The first page is read before the stream is returned, so a
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
  const next = await exportPages(db, filters, viewer, timeZone, pageSize);
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // The failure of a later page ends the download with an error: a truncated file that
      // looks complete would be worse.
      const records = await next();
      if (!records) return controller.close();
      controller.enqueue(encoder.encode(toCsv(records, EXPORT_COLUMNS, first)));
      first = false;
    },
  });
}

/**
 * The export's records a keyset page at a time: the first page is read before this returns, each
 * later one when `next()` is called; `next()` gives null once the last page was given.
 */
async function exportPages(
  db: Db,
  filters: HistoryFilters,
  viewer: Viewer,
  timeZone: string,
  pageSize: number,
): Promise<() => Promise<ExportRecord[] | null>> {
  const emails = new Map<string, string | null>();
  const linkReferences = new Map<string, string | null>();

  async function read(after: string | undefined) {
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
    return { records, older: page.older };
  }

  let ready: { records: ExportRecord[]; older: string | null } | null = await read(undefined);
  // undefined: the first page is the one in `ready`; null: the last page was given.
  let after: string | null | undefined;
  return async () => {
    if (after === null) return null;
    const page = ready ?? (await read(after));
    ready = null;
    after = page.older;
    return page.records;
  };
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
