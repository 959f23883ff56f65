// Fills the ledger with a realistic demo history, in SQL: one INSERT … SELECT over
// generate_series per batch, so a million rows never pass through Node. Used by
// `npm run db:seed` and by the history benchmark.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";
import { user } from "@/lib/db/schema";
import { batchSql, type Plan } from "./sql";

export const MAX_SEED_ROWS = 1_000_000;
export const MAX_SEED_DAYS = 3_650;
/** Seeded references live above 9·10^15, far from the sandbox's (clock × 100, about 1.8·10^14). */
const SEED_REFERENCE_FLOOR = 9_000_000_000_000_000n;

export type SeedOptions = {
  rows: number;
  days?: number;
  batchSize?: number;
  /** Batches in flight at once: 2 suits PostgreSQL (each on its own connection); PGlite has one connection, so 1. */
  parallel?: number;
  now?: Date;
  onBatch?: (done: number) => void;
};
export type SeedResult = {
  run: string;
  rows: number;
  days: number;
  members: number;
  batches: number;
  ms: number;
  byStatus: Record<string, number>;
  from: string | null;
  to: string | null;
};

export async function seedCharges(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const rows = opts.rows;
  const days = opts.days ?? 90;
  const batch = opts.batchSize ?? 100_000;
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_SEED_ROWS)
    throw new RangeError(`rows must be a whole number from 1 to ${MAX_SEED_ROWS}`);
  if (!Number.isInteger(days) || days < 1 || days > MAX_SEED_DAYS)
    throw new RangeError(`days must be a whole number from 1 to ${MAX_SEED_DAYS}`);
  if (!Number.isInteger(batch) || batch < 1) throw new RangeError("batchSize must be a positive whole number");
  const started = performance.now();
  const members = (await db.select({ id: user.id }).from(user).orderBy(user.createdAt)).map((m) => m.id);
  const [top] = rowsOf<{ top: string | null }>(
    await db.execute(sql`select max(reference) as top from charges where reference like 'TXN-MOMO-9%' and length(reference) = 25`),
  );
  const refBase = top.top ? BigInt(top.top.slice("TXN-MOMO-".length)) : SEED_REFERENCE_FLOOR;
  const plan: Plan = {
    run: randomBytes(6).toString("hex"),
    days,
    now: opts.now ?? new Date(),
    members,
    refBase,
    pool: Math.max(500, Math.ceil(rows / 6)),
  };

  const slices = Math.ceil(rows / batch);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let k = next++; k < slices; k = next++) {
      const lo = k * batch + 1;
      const hi = Math.min(rows, lo + batch - 1);
      await db.transaction(async (tx) => {
        // Room to sort a batch in memory, and no wait for each batch's WAL flush: a crash
        // mid-seed loses demo rows, nothing else.
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(sql.raw(batchSql(plan, lo, hi, k, slices)));
      });
      done += hi - lo + 1;
      opts.onBatch?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 1) }, worker));
  // Fresh statistics, so the planner picks the history indexes at once rather than after autovacuum.
  await db.execute(sql`analyze charges`);

  const prefix = `seed-${plan.run}-%`;
  const counts = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from charges where idempotency_key like ${prefix} group by status`),
  );
  const [span] = rowsOf<{ from: string | null; to: string | null }>(
    await db.execute(
      sql`select min(created_at)::text as "from", max(created_at)::text as "to" from charges where idempotency_key like ${prefix}`,
    ),
  );
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  return {
    run: plan.run,
    rows,
    days,
    members: members.length,
    batches: slices,
    ms: Math.round(performance.now() - started),
    byStatus,
    from: span.from,
    to: span.to,
  };
}
