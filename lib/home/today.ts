// The home page's "Today": the charges of today so far in the business's time zone beside those of
// the same weekday last week up to the same time of day (docs/decisions/home.md), and the hours of
// both days for the chart. One statement; the database does the grouping, this module adds it up.
import { and, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { addDays } from "@/lib/day";
import type { DbOrTx } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { PROVIDER_IDS } from "@/lib/market/networks";
import type { DayFigures, HourBar, TodayFigures } from "./types";

const STATUSES = ["success", "pending", "failed", "unknown", "submitting"] as const;
type Status = (typeof STATUSES)[number];

/** A day's first instant in the zone: PostgreSQL applies the zone's rules. */
const startOf = (day: string, tz: string) => sql`(${day}::timestamp at time zone ${tz})`;

type Row = {
  which: "today" | "last";
  hour: number;
  inTime: boolean;
  status: Status;
  provider: string;
  currency: string;
  count: number;
  net: number;
};

/**
 * Today up to `asOf` and the same weekday a week before, its whole day for the chart and up to the
 * same time of day for the figures. `madeBy`: only the charges that member made (staff's own
 * figures; the team's are for the roles that may read Insights).
 */
export async function todayFigures(db: DbOrTx, tz: string, today: string, asOf: Date, madeBy?: string): Promise<TodayFigures> {
  const t0 = startOf(today, tz);
  const l0 = startOf(addDays(today, -7), tz);
  const l1 = startOf(addDays(today, -6), tz);
  const at = sql`${asOf.toISOString()}::timestamptz`;
  const isToday = sql`${charges.createdAt} >= ${t0}`;
  const where: SQL[] = [
    or(and(gte(charges.createdAt, t0), lt(charges.createdAt, at)), and(gte(charges.createdAt, l0), lt(charges.createdAt, l1))) as SQL,
  ];
  if (madeBy) where.push(eq(charges.createdBy, madeBy));
  const rows: Row[] = await db
    .select({
      which: sql<"today" | "last">`case when ${isToday} then 'today' else 'last' end`,
      hour: sql<number>`extract(hour from ${charges.createdAt} at time zone ${tz})::int`.mapWith(Number),
      // Last week's charges made by the time of day it is now (today's all are).
      inTime: sql<boolean>`(${isToday} or ${charges.createdAt} < ${l0} + (${at} - ${t0}))`,
      status: sql<Status>`${charges.status}`,
      provider: charges.provider,
      currency: charges.currency,
      count: sql<number>`count(*)::int`.mapWith(Number),
      net: sql<number>`coalesce(sum(${charges.amountMinor} - ${charges.reversedMinor}) filter (where ${charges.status} = 'success'), 0)`.mapWith(
        Number,
      ),
    })
    .from(charges)
    .where(and(...where))
    // By position: the expressions carry the zone as a parameter (lib/insights/queries.ts says why).
    .groupBy(sql`1`, sql`2`, sql`3`, charges.status, charges.provider, charges.currency);

  const hourOfNow = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: tz }).format(asOf));
  const hours: HourBar[] = Array.from({ length: 24 }, (_, hour) => ({ hour, today: hour <= hourOfNow ? 0 : null, lastWeek: 0 }));
  for (const r of rows) {
    const bar = hours[r.hour];
    if (!bar) continue;
    if (r.which === "today") bar.today = (bar.today ?? 0) + r.count;
    else bar.lastWeek += r.count;
  }
  return {
    today: figuresOf(rows.filter((r) => r.which === "today")),
    lastWeek: figuresOf(rows.filter((r) => r.which === "last" && r.inTime)),
    hours,
  };
}

function figuresOf(rows: Row[]): DayFigures {
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  const collected = new Map<string, number>();
  const networks = new Map<string, { count: number; success: number; finished: number }>();
  for (const r of rows) {
    byStatus[r.status] += r.count;
    if (r.net > 0) collected.set(r.currency, (collected.get(r.currency) ?? 0) + r.net);
    const n = networks.get(r.provider) ?? { count: 0, success: 0, finished: 0 };
    n.count += r.count;
    if (r.status === "success") n.success += r.count;
    if (r.status === "success" || r.status === "failed" || r.status === "unknown") n.finished += r.count;
    networks.set(r.provider, n);
  }
  const finished = byStatus.success + byStatus.failed + byStatus.unknown;
  const providers = [...PROVIDER_IDS, ...[...networks.keys()].filter((p) => !(PROVIDER_IDS as string[]).includes(p)).sort()];
  return {
    count: STATUSES.reduce((a, s) => a + byStatus[s], 0),
    byStatus,
    success: byStatus.success,
    finished,
    rate: finished ? byStatus.success / finished : null,
    collected: [...collected]
      .map(([currency, minor]) => ({ currency, minor }))
      .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency)),
    networks: providers.map((provider) => {
      const n = networks.get(provider) ?? { count: 0, success: 0, finished: 0 };
      return { provider, ...n, rate: n.finished ? n.success / n.finished : null };
    }),
  };
}
