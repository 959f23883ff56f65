// ── 8. Places per second: the outbound budget under many claimers ──
// `claimers` loops (50 by default) take places in one key's budget as fast as they can for
// `seconds`, over `instances` connection pools of up to 10 connections each (as that many
// dashboard instances would), with a limit no run reaches, so every take is granted. On
// PostgreSQL (BENCH_DATABASE_URL); PGlite has one connection and is printed for reference only.
// Issue 27 asks for a budget whose places per second here grow at least 3× over the per-key lock
// (migration 0006's momo_take_budget), while never more than the limit reach the upstream in any
// 60 s (tests/unit/momo/budget*.test.ts, and `--only budget` at twice the allowed load).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDb, type OpenedDb } from "../../lib/db/open";
import { createBudget, keyId } from "../../lib/momo/budget";
import { BENCH_DB, fmt, median, pct } from "./shared";

export async function places(opts: { claimers: number; instances: number; seconds: number }): Promise<void> {
  const dir = BENCH_DB ? null : await mkdtemp(path.join(os.tmpdir(), "bench-places-"));
  const opened: OpenedDb[] = [];
  try {
    for (let i = 0; i < (BENCH_DB ? opts.instances : 1); i++)
      opened.push(await openDb(BENCH_DB ? { databaseUrl: BENCH_DB } : { dataDir: dir! }));
    // A key of its own each run: its window starts empty.
    const key = `sk_live_bench_places_${Date.now().toString(36)}`;
    const budgets = opened.map((o) => createBudget(o.db, key, { limit: 100_000_000, maxWaitMs: 0 }));
    const latencies: number[] = [];
    let granted = 0;
    const until = performance.now() + opts.seconds * 1000;
    await Promise.all(
      Array.from({ length: opts.claimers }, async (_, i) => {
        const budget = budgets[i % budgets.length];
        while (performance.now() < until) {
          const t = performance.now();
          const take = await budget.tryTake("charge");
          latencies.push(performance.now() - t);
          if (take.granted) granted++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const where = BENCH_DB ? `PostgreSQL, ${opened.length} pool(s) of up to 10 connections` : "PGlite, one connection (reference only)";
    console.log(`\n8. Places per second: ${opts.claimers} claimers of one key for ${opts.seconds} s, ${where}`);
    console.log(
      `   ${Math.round(granted / opts.seconds).toLocaleString("en")} places/s granted (${granted.toLocaleString("en")} in all); ` +
        `a take: median ${fmt(median(latencies))} ms, p95 ${fmt(pct(latencies, 95))} ms`,
    );
    // The run's places stay out of the next run's window (and out of a shared database's table).
    await opened[0].db.execute(sql`delete from upstream_calls where key_id = ${keyId(key)}`);
  } finally {
    for (const o of opened) await o.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
