// The audit log's filters as they live in the URL (?member=&action=&from=&to=), read by one
// function for the page, the API and the CSV export. A value that does not parse is dropped
// with a message naming it, never half-applied (the export refuses it instead).
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "./actions";
import { AUDIT_LABELS } from "./actions";
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
};

export const AUDIT_FILTER_KEYS = ["member", "action", "from", "to"] as const;
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

/** The WHERE of these filters, days counted in the time zone `tz` (the business's). */
export function auditWhere(f: AuditFilters, tz: string, before?: number): SQL | undefined {
  const c: SQL[] = [];
  if (f.member) c.push(eq(auditEvents.actorId, f.member));
  if (f.action) c.push(eq(auditEvents.action, f.action));
  if (f.from) c.push(gte(auditEvents.at, startOf(f.from, tz)));
  if (f.to) c.push(lt(auditEvents.at, sql`((${f.to}::date + 1)::timestamp at time zone ${tz})`));
  if (before) c.push(lt(auditEvents.id, before));
  return c.length ? and(...c) : undefined;
}
