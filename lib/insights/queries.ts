// Insights over the ledger for a period of days in the business's time zone (its profile, see
// lib/business): what moved, how often, how each network fares. The database does every aggregate (GROUP BY); this
// module only fills in the days,
// networks and statuses that had nothing, so charts and tables never have gaps.
import { and, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { PROVIDER_IDS } from "@/lib/market/networks";
import {
  daysOf,
  type DayCount,
  type Insights,
  type NetworkRate,
  type OutcomeCount,
  type Period,
  SOURCES,
  type Source,
  type SourceCount,
  STATUSES,
  type Status,
  type VolumeSeries,
} from "./shape";

// A day's first instant in the zone: PostgreSQL applies the zone's rules (DST days have 23 or 25
// hours). A range on the raw column (not on an expression of it) so charges_created_at_idx is used.
const startOf = (day: string, tz: string) => sql`(${day}::timestamp at time zone ${tz})`;
const inPeriod = (p: Period, tz: string) => and(gte(charges.createdAt, startOf(p.from, tz)), lt(charges.createdAt, startOf(p.to, tz)));
// The zone is explicit: otherwise the database session's TimeZone would decide.
const dayOf = (tz: string) => sql<string>`to_char(${charges.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;
/** What successful charges took in, net of what was given back (reversals), in minor units. */
const netVolume = () =>
  sql<number>`coalesce(sum(${charges.amountMinor} - ${charges.reversedMinor}) filter (where ${charges.status} = 'success'), 0)`.mapWith(
    Number,
  );
const countWhere = (status: Status) => sql<number>`count(*) filter (where ${charges.status} = ${status})`.mapWith(Number);

/**
 * Charges per day (every status) and successful volume per day per currency, biggest currency
 * first. Volume is net of reversals: what a successful charge took minus what was given back,
 * counted on the charge's day (the money it concerns), not on the reversal's.
 */
export async function dailyActivity(db: DbOrTx, p: Period, tz: string): Promise<{ counts: DayCount[]; volumes: VolumeSeries[] }> {
  const rows = await db
    .select({
      day: dayOf(tz),
      currency: charges.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      minor: netVolume(),
    })
    .from(charges)
    .where(inPeriod(p, tz))
    // By position: the day's expression carries the zone as a parameter, and a second copy of
    // it in GROUP BY would be another parameter, which PostgreSQL does not see as the same.
    .groupBy(sql`1`, charges.currency);
  const days = daysOf(p);
  const counts = new Map<string, number>();
  const volume = new Map<string, Map<string, number>>();
  for (const r of rows) {
    counts.set(r.day, (counts.get(r.day) ?? 0) + r.count);
    if (r.minor > 0) volume.set(r.currency, (volume.get(r.currency) ?? new Map()).set(r.day, r.minor));
  }
  const volumes = [...volume].map(([currency, byDay]) => ({
    currency,
    totalMinor: [...byDay.values()].reduce((a, b) => a + b, 0),
    days: days.map((day) => ({ day, minor: byDay.get(day) ?? 0 })),
  }));
  volumes.sort((a, b) => b.totalMinor - a.totalMinor || a.currency.localeCompare(b.currency));
  return { counts: days.map((day) => ({ day, count: counts.get(day) ?? 0 })), volumes };
}

/**
 * success / (success + failed + unknown) per network. Pending and submitting charges have no
 * outcome yet, so they are left out; `unknown` counts against the rate because the customer
 * was not known to be charged. `rate` is null when a network finished no charge.
 */
export async function successRateByNetwork(db: DbOrTx, p: Period, tz: string): Promise<NetworkRate[]> {
  const rows = await db
    .select({ provider: charges.provider, success: countWhere("success"), failed: countWhere("failed"), unknown: countWhere("unknown") })
    .from(charges)
    .where(inPeriod(p, tz))
    .groupBy(charges.provider);
  const byProvider = new Map(rows.map((r) => [r.provider, r]));
  // Every configured network is listed, even with no charges; an unlisted one found in old rows too.
  const providers = [
    ...PROVIDER_IDS,
    ...rows
      .map((r) => r.provider)
      .filter((id) => !(PROVIDER_IDS as string[]).includes(id))
      .sort(),
  ];
  return providers.map((provider) => {
    const r = byProvider.get(provider) ?? { success: 0, failed: 0, unknown: 0 };
    const finished = r.success + r.failed + r.unknown;
    return { provider, success: r.success, failed: r.failed, unknown: r.unknown, finished, rate: finished ? r.success / finished : null };
  });
}

/** How many charges ended in each status, every status listed. */
export async function outcomeMix(db: DbOrTx, p: Period, tz: string): Promise<OutcomeCount[]> {
  const rows = await db
    .select({ status: charges.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(charges)
    .where(inPeriod(p, tz))
    .groupBy(charges.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.count]));
  return STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

/** Charges per source (by hand, bulk batch, pay link): how many, how many succeeded, and the net volume per currency. */
export async function chargeSources(db: DbOrTx, p: Period, tz: string): Promise<SourceCount[]> {
  const rows = await db
    .select({
      source: sql<Source>`case when ${charges.paymentRequestId} is not null then 'link' when ${charges.batchId} is not null then 'batch' else 'hand' end`,
      currency: charges.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      success: countWhere("success"),
      minor: netVolume(),
    })
    .from(charges)
    .where(inPeriod(p, tz))
    .groupBy(sql`1`, charges.currency);
  return SOURCES.map((source) => {
    const mine = rows.filter((r) => r.source === source);
    return {
      source,
      count: mine.reduce((a, r) => a + r.count, 0),
      success: mine.reduce((a, r) => a + r.success, 0),
      volumes: mine
        .filter((r) => r.minor > 0)
        .map((r) => ({ currency: r.currency, minor: r.minor }))
        .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency)),
    };
  });
}

/** The period's figures, its days counted in the time zone `tz` (an IANA name). */
export async function loadInsights(db: DbOrTx, period: Period, tz: string): Promise<Insights> {
  const [{ counts, volumes }, networks, mix, sources] = await Promise.all([
    dailyActivity(db, period, tz),
    successRateByNetwork(db, period, tz),
    outcomeMix(db, period, tz),
    chargeSources(db, period, tz),
  ]);
  const n = (s: Status) => mix.find((m) => m.status === s)?.count ?? 0;
  const finished = n("success") + n("failed") + n("unknown");
  const summary = {
    count: mix.reduce((a, m) => a + m.count, 0),
    success: n("success"),
    finished,
    rate: finished ? n("success") / finished : null,
  };
  return { period, counts, volumes, networks, mix, sources, summary };
}
