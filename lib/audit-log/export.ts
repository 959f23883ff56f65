// The audit log as a CSV download: exactly the entries the page's filters select, newest first,
// read page by page (keyset on id) so a long log never sits in memory; in words as the page
// shows them, with each entry's id and chain hash so a line can be matched to the database.
import { csvTimes, toCsv } from "@/lib/csv";
import { listAudit } from "./queries";
import { describeAudit } from "@/lib/audit-log/describe";
import type { Db } from "@/lib/db/open";
import type { AuditEvent } from "@/lib/db/schema";
import type { AuditFilters } from "./filters";

const PAGE = 1000;

/** The log's columns (lib/csv.ts: the dialect and the columns every export shares). */
export const AUDIT_EXPORT_COLUMNS = [
  "time",
  "time_utc",
  "event",
  "event_code",
  "details",
  "member",
  "address",
  "target_id",
  "id",
  "hash",
] as const;

type Record_ = Record<(typeof AUDIT_EXPORT_COLUMNS)[number], string>;

export function toAuditRecord(e: AuditEvent, memberName: (id: string) => string | undefined, timeZone: string): Record_ {
  const { label, details } = describeAudit(e, memberName);
  return {
    ...csvTimes(e.at, timeZone),
    event: label,
    event_code: e.action,
    details: details.join(" · "),
    member: e.actorEmail ?? "",
    address: e.ip ?? "",
    target_id: e.targetId ?? "",
    id: String(e.id),
    hash: e.hash ?? "",
  };
}

export function auditExportHeaders(now = new Date()): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="audit-log-${now.toISOString().slice(0, 10)}.csv"`,
    "Cache-Control": "no-store",
  };
}

/**
 * The export as a byte stream; the first page is read before it is returned (a failure then is
 * an ordinary error response), later ones as the client pulls. Same CSV dialect as the charges
 * export: BOM, CRLF, quoted text.
 */
export async function exportAuditCsv(
  db: Db,
  opts: { filters: AuditFilters; timeZone: string; memberName: (id: string) => string | undefined; pageSize?: number },
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const limit = opts.pageSize ?? PAGE;
  async function chunk(before: number | undefined, first: boolean) {
    const rows = await listAudit(db, { filters: opts.filters, timeZone: opts.timeZone, before, limit });
    const text = toCsv(
      rows.map((r) => toAuditRecord(r, opts.memberName, opts.timeZone)),
      AUDIT_EXPORT_COLUMNS,
      first,
    );
    return { bytes: encoder.encode(text), next: rows.length === limit ? rows[rows.length - 1].id : null };
  }
  let pending: Awaited<ReturnType<typeof chunk>> | null = await chunk(undefined, true);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!pending) return controller.close();
      const { bytes, next } = pending;
      pending = null;
      controller.enqueue(bytes);
      if (next === null) return controller.close();
      pending = await chunk(next, false);
    },
    cancel() {
      pending = null;
    },
  });
}
