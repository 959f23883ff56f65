// The audit log's pages, newest first: the one query the page, the export and the API read.
import { desc } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditEvents, type AuditEvent } from "@/lib/db/schema";
import { auditWhere, type AuditFilters } from "./filters";

export const AUDIT_PAGE_SIZE = 100;

/**
 * Newest first, a page at a time (keyset: `before` is the last id of the previous page), with
 * the filters' days counted in `timeZone`.
 */
export async function listAudit(
  db: Db,
  opts: { filters?: AuditFilters; timeZone: string; before?: number; limit?: number },
): Promise<AuditEvent[]> {
  return db
    .select()
    .from(auditEvents)
    .where(auditWhere(opts.filters ?? {}, opts.timeZone, opts.before))
    .orderBy(desc(auditEvents.id))
    .limit(opts.limit ?? AUDIT_PAGE_SIZE);
}
