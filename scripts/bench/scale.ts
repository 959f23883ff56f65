// ── 9. Charges and pages as instances are added ──
// N dashboards behind nginx (round robin) on one PostgreSQL, each pinned to a core of its own
// where the machine has a core for it and one more for everything else; wrk (Debian's) drives
// POST /api/charges, each with a new idempotency key and number, to the upstream stand-in (no
// limit of its own; MOMO_REQUESTS_PER_MINUTE 100000), first with one API key for every instance
// (as a merchant has one), then with a key per instance, and GET /transactions (a signed-in list
// of 50 charges). Issue 27's target: with one key, charges per second at 8 instances at least 3×
// one instance's. That needs cores for 8 instances and the rest; on a smaller machine the
// instances share its cores, and the figure that still says whether one key holds them back is
// the ratio of one key to a key per instance at each N (1.0: the key costs nothing).
import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { openDb, rowsOf } from "../../lib/db/open";
import { keyId } from "../../lib/momo/budget";
import type { RunningApp } from "./history-page";
import { withNginx } from "./nginx";
import { BENCH_DB, formBody, idem, startStub, withDashboard } from "./shared";

const run = promisify(execFile);
const PORT = 3440;
/** Connections per instance that wrk keeps busy. */
const CONNECTIONS_PER_INSTANCE = 16;
/** Each instance's most connections to PostgreSQL: its pool (lib/db/open.ts) and its job queue's. */
const CONNECTIONS_PER_APP = 10 + 3;

type Rate = { perSecond: number; non2xx: number; errors: number };

/**
 * wrk's script for charges: each request a new idempotency key and a new number (a number and
 * amount charged again within DUPLICATE_WINDOW_MINUTES would be asked about as a possible
 * duplicate). `run`, `offset` and `amount` are set per run above it, so that runs a few minutes
 * apart on one database do not meet.
 */
const CHARGE_SCRIPT = `
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
local counter = 0
request = function()
  counter = counter + 1
  local n = (offset + id * 1000000 + counter) % 10000000
  wrk.headers["Idempotency-Key"] = string.format("scale_%s_%d_%d", run, id, counter)
  local body = string.format('{"amount":"%s","currency":"GHS","phoneNumber":"024%07d","provider":"mtn","vouchers":"","description":"bench"}', amount, n)
  return wrk.format("POST", "/api/charges", nil, body)
end
`;

/**
 * wrk for `seconds` against `url`: requests answered 2xx per second, and what was not. Run
 * asynchronously: the upstream stand-in answers from this process.
 */
async function wrk(url: string, headers: Record<string, string>, seconds: number, connections: number, script?: string): Promise<Rate> {
  const args = ["-t", String(Math.min(4, Math.max(1, os.cpus().length - 1))), "-c", String(connections), "-d", `${seconds}s`];
  args.push("--timeout", "10s");
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  if (script) args.push("-s", script);
  const { stdout } = await run("wrk", [...args, url], { encoding: "utf8", timeout: (seconds + 30) * 1000 });
  const total = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    perSecond: (total - non2xx) / seconds,
    non2xx,
    errors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

/** N dashboards, the i-th with `env(i)` on `cpus(i)`; `use` gets them all. */
async function withDashboards<T>(
  n: number,
  env: (i: number) => Record<string, string>,
  cpus: (i: number) => string | undefined,
  use: (apps: RunningApp[]) => Promise<T>,
): Promise<T> {
  const apps: RunningApp[] = [];
  const step = (i: number): Promise<T> =>
    i === n
      ? use(apps)
      : withDashboard(
          PORT + 1 + i,
          env(i),
          async (app) => {
            apps.push(app);
            return step(i + 1);
          },
          cpus(i),
        );
  return step(0);
}

export async function scale(counts: number[], seconds: number): Promise<void> {
  console.log(
    `\n9. Instances behind nginx on one PostgreSQL: charges/s (a new key and number each) and list pages/s, ${seconds} s each, ` +
      `wrk with ${CONNECTIONS_PER_INSTANCE} connections per instance`,
  );
  if (!BENCH_DB) return console.log("   needs BENCH_DATABASE_URL: the instances share one PostgreSQL");
  if (!existsSync("/usr/sbin/nginx") || spawnSync("wrk", ["--version"]).error)
    return console.log("   needs nginx and wrk (apt-get install -y nginx wrk)");
  const opened = await openDb({ databaseUrl: BENCH_DB });
  const [{ max }] = rowsOf<{ max: number }>(await opened.db.execute(sql`select current_setting('max_connections')::int as max`));
  /**
   * A run's keys leave no places behind (MOMO_REQUESTS_PER_MINUTE rows each), and the table is
   * vacuumed, so that the next run does not measure the one before.
   */
  const forget = async (apiKeys: string[]) => {
    for (const k of apiKeys) await opened.db.execute(sql`delete from upstream_places where key_id = ${keyId(k)}`);
    await opened.db.execute(sql`vacuum analyze upstream_places`);
  };
  const cores = os.cpus().length;
  const stub = await startStub();
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-scale-"));
  /** A new script for each wrk run: its keys, numbers and amount are its own. */
  let runs = 0;
  const chargeScript = async () => {
    const runId = Date.now() + ++runs * 7_777;
    const amount = `${1 + (runId % 97)}.${String(runId % 100).padStart(2, "0")}`;
    const file = path.join(dir, `charge-${runs}.lua`);
    await writeFile(file, `run = "${runId.toString(36)}"\noffset = ${runId % 10_000_000}\namount = "${amount}"\n${CHARGE_SCRIPT}`);
    return file;
  };
  const rows: string[] = [];
  const oneKey = new Map<number, number>();
  try {
    for (const n of counts) {
      if (n * CONNECTIONS_PER_APP + 10 > max) {
        rows.push(`| ${n} | — | — | — | — | needs max_connections ≥ ${n * CONNECTIONS_PER_APP + 10} (this PostgreSQL: ${max}) |`);
        continue;
      }
      // Pinned only when every instance has a core and one is left for nginx, wrk and PostgreSQL.
      const pin = cores > n;
      const cpus = (i: number) => (pin ? String(cores - 1 - i) : undefined);
      const measure = async (env: (i: number) => Record<string, string>, pages: boolean) =>
        withDashboards(n, env, cpus, (apps) =>
          withNginx(
            PORT,
            apps.map((_, i) => PORT + 1 + i),
            async (base) => {
              const headers = { Cookie: apps[0].cookie, Origin: base, "Content-Type": "application/json" };
              const connections = CONNECTIONS_PER_INSTANCE * n;
              // Each instance's first charge makes its key's places (MOMO_REQUESTS_PER_MINUTE of them,
              // once per key): made here, one instance at a time, rather than inside the timed run.
              for (const app of apps) {
                const first = await fetch(`${app.base}/api/charges`, {
                  method: "POST",
                  headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
                  body: formBody(),
                });
                if (first.status !== 201) throw new Error(`a first charge on ${app.base} answered ${first.status}`);
              }
              await wrk(`${base}/api/charges`, headers, 3, connections, await chargeScript()); // warm-up
              const charges = await wrk(`${base}/api/charges`, headers, seconds, connections, await chargeScript());
              const list = pages ? await wrk(`${base}/transactions`, { Cookie: apps[0].cookie }, seconds, connections) : null;
              return { charges, list };
            },
          ),
        );
      const base = { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" };
      const key = `sk_live_bench_scale_${Date.now().toString(36)}`;
      const keys = Array.from({ length: n }, (_, i) => `${key}_${i}`);
      const one = await measure(() => ({ ...base, MOMO_API_KEY: key }), true);
      await forget([key]);
      const each = n > 1 ? await measure((i) => ({ ...base, MOMO_API_KEY: keys[i] }), false) : null;
      await forget(keys);
      oneKey.set(n, one.charges.perSecond);
      const faults = (r: Rate | null | undefined) => (r && r.non2xx + r.errors ? ` (${r.non2xx} not 2xx, ${r.errors} socket errors)` : "");
      rows.push(
        `| ${n}${pin ? "" : " (sharing cores)"} | ${one.charges.perSecond.toFixed(0)}${faults(one.charges)} | ` +
          `${each ? `${each.charges.perSecond.toFixed(0)}${faults(each.charges)}` : "—"} | ` +
          `${each ? (one.charges.perSecond / each.charges.perSecond).toFixed(2) : "—"} | ` +
          `${one.list?.perSecond.toFixed(0)}${faults(one.list)} | |`,
      );
    }
  } finally {
    await opened.close();
    await stub.close();
    await rm(dir, { recursive: true, force: true });
  }
  console.log("| instances | charges/s, one key | charges/s, a key each | one key ÷ a key each | list pages/s | |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  const first = oneKey.get(1);
  const eight = oneKey.get(8);
  if (first && eight) {
    const ratio = eight / first;
    const enough = cores > 8;
    console.log(
      `one key, 8 instances ÷ 1: ${ratio.toFixed(2)}× → ${enough ? (ratio >= 3 ? "PASS" : "FAIL") : `not a verdict here: ${cores} cores for 8 instances`} (target ≥ 3×, with a core per instance)`,
    );
  }
}
