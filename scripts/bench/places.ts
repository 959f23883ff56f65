// ── 8. Places per second: the outbound budget under many claimers ──
// `claimers` loops (50 by default) take places in one key's budget as fast as they can for
// `seconds`, over `pools` connection pools of up to 10 connections each (as that many
// dashboard instances would), with a limit no run reaches (20,000 places a second), so every take
// is granted; the key's places are made before the clock starts. On PostgreSQL
// (BENCH_DATABASE_URL); PGlite has one connection and is printed for reference only.
//
// Beside it, in the same run and on the same connections, the design it replaced (migration
// 0006): a sliding log whose every take waits on one advisory lock per key. That reference is
// rebuilt here, in a schema of its own that the run drops, so the ratio can be measured again on
// any machine. Issue 27's target: at least 3× the reference, while never more than the limit
// reach the upstream in any 60 s (tests/unit/momo/budget*.test.ts, and `--only budget` at twice
// the allowed load).
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { openDb, type OpenedDb, rowsOf } from "../../lib/db/open";
import { createBudget, keyId, WINDOW_MS } from "../../lib/momo/budget";
import { BENCH_DB, fmt, median, pct } from "./shared";

/**
 * Migration 0006's momo_take_budget, read from the migration itself so that it stays the function
 * that ran, moved onto a log of its own (the table is 0005's with 0006's id).
 */
function perKeyLock(): SQL[] {
  const migration = readFileSync(path.join(process.cwd(), "lib/db/migrations/0006_budget_send_time.sql"), "utf8");
  const fn = migration.split("--> statement-breakpoint").find((part) => part.includes("CREATE FUNCTION momo_take_budget"));
  if (!fn) throw new Error("lib/db/migrations/0006_budget_send_time.sql: no CREATE FUNCTION momo_take_budget");
  return [
    sql.raw("create schema if not exists bench_per_key_lock"),
    sql.raw(`create table if not exists bench_per_key_lock.calls (id bigserial primary key, key_id text not null,
              sent_at timestamptz not null default now(), kind text not null)`),
    sql.raw("create index if not exists calls_key_sent_idx on bench_per_key_lock.calls (key_id, sent_at)"),
    sql.raw(
      fn
        .replace("CREATE FUNCTION momo_take_budget", "CREATE OR REPLACE FUNCTION bench_per_key_lock.take")
        .replaceAll("upstream_calls", "bench_per_key_lock.calls"),
    ),
  ];
}

type Taker = () => Promise<boolean>;
type Figures = { perSecond: number; granted: number; refused: number; median: number; p95: number };

/** `claimers` loops, each on its instance's taker, for `seconds`. */
async function claim(takers: Taker[], claimers: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let granted = 0;
  let refused = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: claimers }, async (_, i) => {
      const take = takers[i % takers.length];
      while (performance.now() < until) {
        const t = performance.now();
        if (await take()) granted++;
        else refused++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: granted / seconds, granted, refused, median: median(latencies), p95: pct(latencies, 95) };
}

export async function places(opts: { claimers: number; pools: number; seconds: number }): Promise<void> {
  const dir = BENCH_DB ? null : await mkdtemp(path.join(os.tmpdir(), "bench-places-"));
  const opened: OpenedDb[] = [];
  try {
    for (let i = 0; i < (BENCH_DB ? opts.pools : 1); i++)
      opened.push(await openDb(BENCH_DB ? { databaseUrl: BENCH_DB } : { dataDir: dir! }));
    const db = opened[0].db;
    // A key of its own each run: its window starts empty.
    const key = `sk_live_bench_places_${Date.now().toString(36)}`;
    const limit = opts.seconds * 20_000;

    for (const statement of perKeyLock()) await db.execute(statement);
    const lockTakers = opened.map((o) => async () => {
      const [row] = rowsOf<{ granted: boolean }>(
        await o.db.execute(sql`select granted from bench_per_key_lock.take(${keyId(key)}, 'charge', ${limit}, ${WINDOW_MS})`),
      );
      return row.granted;
    });
    const before = await claim(lockTakers, opts.claimers, opts.seconds);
    await db.execute(sql.raw(`drop schema bench_per_key_lock cascade`));

    const budgets = opened.map((o) => createBudget(o.db, key, { limit, maxWaitMs: 0 }));
    const first = await budgets[0].tryTake("charge"); // makes the key's places
    if (first.granted) await budgets[0].release(first.callId);
    // The table as a maintained database keeps it (autovacuum): earlier parts of the run and
    // earlier runs leave dead rows and statistics from keys of another size, which would time
    // their clean-up rather than the takes.
    if (BENCH_DB) await db.execute(sql.raw("vacuum analyze upstream_places"));
    const after = await claim(
      budgets.map((b) => async () => (await b.tryTake("charge")).granted),
      opts.claimers,
      opts.seconds,
    );
    // The run's places stay out of the next run's window (and out of a shared database's table).
    await db.execute(sql`delete from upstream_places where key_id = ${keyId(key)}`);

    const where = BENCH_DB ? `PostgreSQL, ${opened.length} pool(s) of up to 10 connections` : "PGlite, one connection (reference only)";
    console.log(`\n8. Places per second: ${opts.claimers} claimers of one key for ${opts.seconds} s each, ${where}`);
    console.log("| budget | places/s | a take: median / p95 | refused | target |\n|---|---|---|---|---|");
    const row = (name: string, f: Figures, target: string) =>
      console.log(
        `| ${name} | ${Math.round(f.perSecond).toLocaleString("en")} | ${fmt(f.median)} / ${fmt(f.p95)} ms | ${f.refused.toLocaleString("en")} | ${target} |`,
      );
    row("per-key lock (migration 0006, the reference)", before, "reference");
    const ratio = after.perSecond / before.perSecond;
    const verdict = BENCH_DB ? (ratio >= 3 ? "PASS" : "FAIL") : "(PGlite: not a target)";
    row("places (migrations 0017, 0018)", after, `${ratio.toFixed(2)}× the reference: ${verdict} (≥ 3×)`);
    if (after.refused)
      console.log("   refused: every free place was being taken by another claimer at that instant; it asks again at once.");
  } finally {
    for (const o of opened) await o.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
