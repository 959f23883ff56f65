// The history benchmark's queries and its timing: each case is a filter set the page can ask
// for, timed through queryHistory exactly as the page calls it.
import { sql } from "drizzle-orm";
import { queryHistory } from "../../lib/history/queries";
import type { HistoryFilters } from "../../lib/history/filters";
import { rowsOf, type Db } from "../../lib/db/open";
import { user } from "../../lib/db/schema";

export type Kind = "filter" | "lookup" | "description";
export type Case = { name: string; kind: Kind; filters: HistoryFilters; secondPage?: boolean };
export type Timing = { p50: number; p95: number; rows: number };

export const WARM_UP = 20;
export const REPETITIONS = 200;

export const BENCH_MEMBERS = [
  { id: "bench-member-1", name: "Ama Mensah", email: "ama@bench.test", role: "staff" },
  { id: "bench-member-2", name: "Kofi Owusu", email: "kofi@bench.test", role: "staff" },
  { id: "bench-member-3", name: "Efua Asante", email: "efua@bench.test", role: "owner" },
];

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
const DAY = 86_400_000;

// The growth rule compares a query's time at 10k rows with its time at 1M, so each case must
// return the same number of rows at every size: the time of a page follows the rows it returns.
// A filter that cannot fill a page in a small ledger has its date window widened, a week at a
// time, until it does; the phone search picks a customer with PHONE_ROWS charges at every size.
const PAGE_ROWS = 50;
const PHONE_ROWS = 6;

async function matches(db: Db, filters: HistoryFilters): Promise<number> {
  const { and } = await import("drizzle-orm");
  const { charges } = await import("../../lib/db/schema");
  const { historyConditions } = await import("../../lib/history/queries");
  const inner = db
    .select({ one: sql`1` })
    .from(charges)
    .where(and(...historyConditions(filters)))
    .limit(PAGE_ROWS + 1)
    .as("m");
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return n;
}

/** The filters with `from` moved back a week at a time until they fill a page (or span 90 days). */
async function fillPage(db: Db, filters: HistoryFilters, fromDaysAgo: number, toDaysAgo: number): Promise<HistoryFilters> {
  let back = fromDaysAgo;
  let f: HistoryFilters = { ...filters, from: day(back * DAY), to: day(toDaysAgo * DAY) };
  while ((await matches(db, f)) <= PAGE_ROWS && back < 90) {
    back = Math.min(90, back + 7);
    f = { ...f, from: day(back * DAY) };
  }
  return f;
}

/** The cases, with a reference and a phone number picked from the rows actually there. */
export async function benchCases(db: Db): Promise<Case[]> {
  const [sample] = rowsOf<{ reference: string }>(
    await db.execute(
      sql`select reference from charges where reference is not null
          order by created_at desc offset (select count(*) / 2 from charges) limit 1`,
    ),
  );
  const [customer] = rowsOf<{ phone: string }>(
    await db.execute(
      sql`select phone_number as phone from charges group by phone_number order by abs(count(*) - ${PHONE_ROWS}), phone_number limit 1`,
    ),
  );
  const week = { from: day(20 * DAY), to: day(14 * DAY) };
  const member = BENCH_MEMBERS[1].id;
  return [
    { name: "no filter", kind: "filter", filters: {} },
    { name: "status=unknown", kind: "filter", filters: { status: "unknown" } },
    { name: "network=vodafone", kind: "filter", filters: { network: "vodafone" } },
    { name: "member", kind: "filter", filters: { member } },
    { name: "amount 50–100", kind: "filter", filters: { minMinor: 5_000, maxMinor: 10_000 } },
    { name: "date: one week", kind: "filter", filters: week },
    { name: "status+network", kind: "filter", filters: { status: "failed", network: "airteltigo" } },
    {
      name: "network+amount+date",
      kind: "filter",
      filters: await fillPage(db, { network: "mtn", minMinor: 2_000, maxMinor: 5_000 }, 20, 14),
    },
    { name: "member+status+date", kind: "filter", filters: await fillPage(db, { member, status: "pending" }, 20, 14) },
    { name: "status=unknown, page 2", kind: "filter", filters: { status: "unknown" }, secondPage: true },
    { name: "search: reference", kind: "lookup", filters: { q: sample.reference } },
    // Its start: up to a hundred references, through the text_pattern_ops index.
    { name: "search: reference start", kind: "lookup", filters: { q: sample.reference.slice(0, -2) } },
    { name: "search: phone", kind: "lookup", filters: { q: customer.phone } },
    { name: "search: 'tailoring'", kind: "description", filters: { q: "tailoring" } },
    { name: "search: 'Order 12345'", kind: "description", filters: { q: "Order 12345" } },
  ];
}

export async function addBenchMembers(db: Db): Promise<void> {
  await db.insert(user).values(BENCH_MEMBERS).onConflictDoNothing();
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Warm-up runs, then `repetitions` timed runs; the second-page case starts from page 1's cursor. */
export async function timeCase(db: Db, c: Case, repetitions = REPETITIONS): Promise<Timing> {
  const after = c.secondPage ? ((await queryHistory(db, c.filters)).older ?? undefined) : undefined;
  let rows = 0;
  const run = async () => {
    const started = performance.now();
    const page = await queryHistory(db, c.filters, { after });
    rows = page.rows.length;
    return performance.now() - started;
  };
  for (let i = 0; i < Math.min(WARM_UP, repetitions); i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < repetitions; i++) ms.push(await run());
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), rows };
}

/** The plan PostgreSQL chose, for a case that missed its target. */
export async function explainCase(db: Db, c: Case): Promise<string> {
  const { historyConditions } = await import("../../lib/history/queries");
  const { and, desc } = await import("drizzle-orm");
  const { charges } = await import("../../lib/db/schema");
  const query = db
    .select()
    .from(charges)
    .where(and(...historyConditions(c.filters)))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(51);
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, i) => {
    const v = params[Number(i) - 1];
    return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql.raw(`explain (analyze, buffers) ${inlined}`)));
  return plan.map((r) => r["QUERY PLAN"]).join("\n");
}
