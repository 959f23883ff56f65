// The audit log's filters as they live in the URL (?member=&action=&from=&to=, and batch= for the
// charges one bulk batch created), read by one function for the page, the API and the CSV export. A value that does not parse is dropped
// with a message naming it, never half-applied (the export refuses it instead).
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type AuditAction, AUDIT_LABELS } from "@/lib/audit";
import { MEMBER_ID } from "@/lib/team/schema";
import { auditEvents } from "@/lib/db/schema";
import { parseDay } from "@/lib/day";
import { isPlainLine } from "@/lib/text";

export type AuditFilters = {
  /** The member who acted (actor id). */
  member?: string;
  action?: AuditAction;
  /** Inclusive ISO days, counted in the business's time zone. */
  from?: string;
  to?: string;
  /** The charges this bulk batch created (their entries carry its id: lib/batches/runner.ts). */
  batch?: string;
};

export const AUDIT_FILTER_KEYS = ["member", "action", "from", "to", "batch"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Key = (typeof AUDIT_FILTER_KEYS)[number];
type Params = URLSearchParams | Record<string, string | string[] | undefined>;

/** One URL parameter's first value, as URLSearchParams and Next.js's searchParams both give it. */
export function paramOf(params: Params, key: string): string | undefined {
  const v = params instanceof URLSearchParams ? (params.get(key) ?? undefined) : params[key];
  return Array.isArray(v) ? v[0] : v;
}

function readOne(key: Key, value: string): { ok: true; value: string } | { ok: false; message: string } {
  if (!isPlainLine(value)) return { ok: false, message: "Remove control characters" };
  if (key === "member") return MEMBER_ID.test(value) ? { ok: true, value } : { ok: false, message: "Unknown member" };
  if (key === "action") return Object.hasOwn(AUDIT_LABELS, value) ? { ok: true, value } : { ok: false, message: "Unknown action" };
  if (key === "batch") return UUID.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false, message: "Unknown bulk batch" };
  const day = parseDay(value);
  return day.ok ? { ok: true, value: day.day } : { ok: false, message: day.message };
}

/** Reads filters from URL parameters; returns what applies and a message per ignored value. */
export function parseAuditFilters(params: Params): { filters: AuditFilters; problems: Record<string, string> } {
  const filters: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const raw = paramOf(params, key)?.trim();
    if (!raw) continue;
    if (raw.length > 100) {
      problems[key] = "At most 100 characters";
      continue;
    }
    const read = readOne(key, raw);
    if (read.ok) filters[key] = read.value;
    else problems[key] = read.message;
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.to = "The end date is before the start date";
    delete filters.to;
  }
  return { filters: filters as AuditFilters, problems };
}

/** The URL parameters for these filters (what a link and the export's audit entry carry). */
export function auditFiltersToParams(f: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (f[key]) p.set(key, f[key]);
  return p;
}

// A day's first instant in the zone; PostgreSQL applies the zone's rules (DST days included).
const startOf = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;

type Columns = { id: PgColumn; at: PgColumn; action: PgColumn; actorId: PgColumn; detail: PgColumn };

/** The bulk batch a charge's entry came from (null for any other entry); indexed (audit_events_batch_charge_idx). */
export const batchIdOf = (t: Columns) => sql<string | null>`(${t.detail}->>'batchId')`;
/** An entry of a charge a bulk batch created (the index's own condition, so the index serves it). */
export const isBatchCharge = (t: Columns) => sql`(${t.action} = 'charge_created' and ${batchIdOf(t)} is not null)`;

/** The WHERE of these filters, days counted in the time zone `tz` (the business's); `t`: the table or an alias of it. */
export function auditWhere(f: AuditFilters, tz: string, before?: number, t: Columns = auditEvents): SQL | undefined {
  const c: SQL[] = [];
  if (f.member) c.push(eq(t.actorId, f.member));
  if (f.action) c.push(eq(t.action, f.action));
  if (f.from) c.push(gte(t.at, startOf(f.from, tz)));
  if (f.to) c.push(lt(t.at, sql`((${f.to}::date + 1)::timestamp at time zone ${tz})`));
  if (f.batch) c.push(sql`${t.action} = 'charge_created' and ${batchIdOf(t)} = ${f.batch}`);
  if (before) c.push(lt(t.id, before));
  return c.length ? and(...c) : undefined;
}
