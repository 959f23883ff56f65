// The audit page's rows: one per entry, except the charges a bulk batch created, which are one
// row (at the batch's newest charge, counting them, with their outcomes and money) linking to them
// listed one by one (?batch=). Grouped in the query, so a page holds AUDIT_PAGE_SIZE rows, and a
// batch whose charges straddle a page boundary is still one row: on the page of its newest charge,
// counting every one the filters select. The CSV export and the API stay one line per entry.
import { and, desc, eq, exists, gt, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { countOf } from "@/lib/format";
import { statusLabel } from "@/lib/market/statuses";
import type { Db } from "@/lib/db/open";
import { auditEvents, batches, type AuditEvent } from "@/lib/db/schema";
import { batchTotals } from "./describe-charges";
import { AUDIT_PAGE_SIZE, listAudit } from "./queries";
import { type AuditFilters, auditWhere, batchIdOf, isBatchCharge } from "./filters";

export type AuditBatchGroup = {
  batchId: string;
  /** What the maker called the batch; null if it is no longer there. */
  name: string | null;
  count: number;
  firstAt: Date;
  /** How many charges each status, at the time each entry was written. */
  statuses: Record<string, number>;
  /** Minor units per currency. */
  totals: Record<string, number>;
};
export type AuditViewRow = { event: AuditEvent; batch: AuditBatchGroup | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const batchOf = (e: AuditEvent) =>
  e.action === "charge_created" && typeof e.detail?.batchId === "string" && UUID.test(e.detail.batchId) ? e.detail.batchId : null;

/** Newest first, a page at a time (keyset on the rows' entry ids, as listAudit's). */
export async function listAuditView(
  db: Db,
  opts: { filters?: AuditFilters; timeZone: string; before?: number; limit?: number },
): Promise<AuditViewRow[]> {
  const filters = opts.filters ?? {};
  // One batch's charges asked for: each is its own row.
  if (filters.batch) return (await listAudit(db, opts)).map((event) => ({ event, batch: null }));
  const newer = alias(auditEvents, "newer");
  // A batch's charge stands for its group only when no newer one of the same batch is selected
  // (whatever the page: `before` is left out here).
  const hasNewer = db
    .select({ one: sql`1` })
    .from(newer)
    .where(
      and(
        isBatchCharge(newer),
        eq(batchIdOf(newer), batchIdOf(auditEvents)),
        gt(newer.id, auditEvents.id),
        auditWhere(filters, opts.timeZone, undefined, newer),
      ),
    );
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(auditWhere(filters, opts.timeZone, opts.before), sql`not (${isBatchCharge(auditEvents)} and ${exists(hasNewer)})`))
    .orderBy(desc(auditEvents.id))
    .limit(opts.limit ?? AUDIT_PAGE_SIZE);
  const groups = await batchGroups(db, filters, opts.timeZone, [...new Set(events.map(batchOf).filter((b) => b !== null))]);
  return events.map((event) => {
    const id = batchOf(event);
    return { event, batch: id ? (groups.get(id) ?? null) : null };
  });
}

/** The batches' charges the filters select, counted per batch (each batch's entries by its index). */
async function batchGroups(db: Db, filters: AuditFilters, timeZone: string, ids: string[]): Promise<Map<string, AuditBatchGroup>> {
  const groups = new Map<string, AuditBatchGroup>();
  if (!ids.length) return groups;
  const status = sql<string | null>`(${auditEvents.detail}->>'status')`;
  const currency = sql<string | null>`(${auditEvents.detail}->>'currency')`;
  const [rows, names] = await Promise.all([
    db
      .select({
        batchId: batchIdOf(auditEvents),
        status,
        currency,
        n: sql<number>`count(*)::int`,
        minor: sql<string>`coalesce(sum((${auditEvents.detail}->>'amountMinor')::bigint), 0)::text`,
        firstAt: sql<Date>`min(${auditEvents.at})`.mapWith(auditEvents.at),
      })
      .from(auditEvents)
      .where(and(auditWhere(filters, timeZone), isBatchCharge(auditEvents), inArray(batchIdOf(auditEvents), ids)))
      .groupBy(batchIdOf(auditEvents), status, currency),
    db.select({ id: batches.id, name: batches.label }).from(batches).where(inArray(batches.id, ids)),
  ]);
  const named = new Map(names.map((b) => [b.id, b.name]));
  for (const r of rows) {
    if (!r.batchId) continue;
    const g = groups.get(r.batchId) ?? {
      batchId: r.batchId,
      name: named.get(r.batchId) ?? null,
      count: 0,
      firstAt: r.firstAt,
      statuses: {},
      totals: {},
    };
    g.count += r.n;
    if (r.firstAt < g.firstAt) g.firstAt = r.firstAt;
    if (r.status) g.statuses[r.status] = (g.statuses[r.status] ?? 0) + r.n;
    if (r.currency) g.totals[r.currency] = (g.totals[r.currency] ?? 0) + Number(r.minor);
    groups.set(r.batchId, g);
  }
  return groups;
}

/** A batch's row in words: "Bulk batch “Payroll”: 220 charges created", its outcomes and money. */
export function describeBatchGroup(g: AuditBatchGroup, approvedBy: unknown): { label: string; details: string[] } {
  const outcomes = Object.entries(g.statuses)
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${n.toLocaleString("en")} ${statusLabel(s)}`);
  return {
    label: `Bulk batch ${g.name ? `“${g.name}”` : "(no longer listed)"}: ${countOf(g.count, "charge")} created`,
    details: [
      outcomes.length ? `Outcomes: ${outcomes.join(", ")}` : null,
      batchTotals(g.totals) ? `${batchTotals(g.totals)} in all` : null,
      `approved by ${typeof approvedBy === "string" && approvedBy ? approvedBy : "a former member"}`,
    ].filter((x): x is string => !!x),
  };
}
