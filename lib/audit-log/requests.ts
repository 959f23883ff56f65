// The audit log as the owner asks for it: a page of entries (GET /api/audit) and the CSV export
// (GET /api/audit/export), each from the page's filters as they live in the URL.
import "server-only";
import * as z from "zod";
import "@/lib/zod";
import { currentBusiness } from "@/lib/business";
import { AppError } from "@/lib/errors";
import { listMembers } from "@/lib/team";
import type { Asker } from "@/lib/access/types";
import { audit } from "@/lib/audit";
import { listAudit } from "./queries";
import { auditExportHeaders, exportAuditCsv } from "./export";
import { auditFiltersToParams, paramOf, parseAuditFilters } from "./filters";

const cursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** One page (100 entries, newest first) before the entry `before`, with the filters as read. */
export async function auditPage({ db }: Asker, params: URLSearchParams) {
  const { filters, problems } = parseAuditFilters(params);
  const before = cursor.safeParse(paramOf(params, "before") || undefined);
  if (!before.success) problems.before = "Not an entry id";
  // An API caller gets no page to show a dropped filter on: a wider answer would mislead.
  if (Object.keys(problems).length) throw new AppError("invalid_filters", "Some filters are not valid.", { fields: problems });
  const { timeZone } = await currentBusiness();
  const events = await listAudit(db, { filters, timeZone, before: before.data });
  return {
    filters: Object.fromEntries(auditFiltersToParams(filters)),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}

/** The filtered log as a CSV download; the export itself is audited first, so the file may include it. */
export async function exportAuditLog({ db, member }: Asker, params: URLSearchParams) {
  const { filters, problems } = parseAuditFilters(params);
  // A file cannot show which filter was dropped: refused rather than wider than was asked for.
  if (Object.keys(problems).length)
    throw new AppError("invalid_filters", "Some filters are not valid; nothing was exported.", { fields: problems });
  const [{ timeZone }, members] = await Promise.all([currentBusiness(), listMembers(db)]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  // The log leaves the system in this file: who took which selection is itself in the log.
  await audit(db, { action: "audit_exported", actor: member, detail: { filters: auditFiltersToParams(filters).toString() || "(none)" } });
  const body = await exportAuditCsv(db, { filters, timeZone, memberName: (id) => names.get(id) });
  return { body, headers: auditExportHeaders() };
}
