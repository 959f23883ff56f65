// npm run bench [-- --only overhead,budget,load,js,lighthouse] [--rounds 3] [--users 200]   (BENCH_DATABASE_URL=postgres://… to run on PostgreSQL)
// The dashboard's promises as figures (not tests): each part starts the built app (`next start`)
// on loopback against a local upstream stand-in, measures with bounded loops, and prints a
// table. Needs `npm run build` first. About 9 minutes in all on two cores.
//   overhead   time the dashboard adds per charge over calling the upstream directly, beside
//              a bare forwarding route handler (scripts/bench-forwarder), at concurrency 1/10/100
//   budget     2,000 charges a minute offered for 2 minutes against the 1,000/min budget
//   load       200 signed-in members, each acting about once a second for 60 s
//   js         JavaScript per page (scripts/bench-js.ts)
//   lighthouse mobile performance and accessibility of the charge and history pages
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { JS_TARGET_KB, measureJs } from "./bench-js";
import { hasBuild, withApp, type RunningApp } from "./bench-page";

const { values } = parseArgs({
  options: {
    only: { type: "string", default: "overhead,budget,load,js,lighthouse" },
    rounds: { type: "string", default: "3" },
    users: { type: "string", default: "200" },
  },
});
const parts = new Set(values.only.split(","));
const ROUNDS = Number(values.rounds);
const KEY = "sk_live_bench_0000000000";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ── The upstream stand-in: answers at once; optionally enforces 1,000 requests in any 60 s. ──
type Stub = { url: string; posts: number[]; limited: number; enforce: number | null; close(): Promise<void> };
async function startStub(): Promise<Stub> {
  let n = 0;
  const stub: Stub = { url: "", posts: [], limited: 0, enforce: null, close: async () => {} };
  const recent: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const now = Date.now();
      if (stub.enforce !== null) {
        while (recent.length && recent[0] <= now - 60_000) recent.shift();
        if (recent.length >= stub.enforce) {
          stub.limited++;
          return res
            .writeHead(429, { "Content-Type": "application/json", "Retry-After": "1" })
            .end('{"error":{"message":"Too many requests"}}');
        }
        recent.push(now);
      }
      res.setHeader("Content-Type", "application/json");
      if (req.method === "POST") {
        stub.posts.push(now);
        return res.end(JSON.stringify({ status: "success", transaction_reference: `TXN-BENCH-${++n}`, message: "Approved." }));
      }
      if (req.url === "/v1/user")
        return res.end(JSON.stringify({ id: "acct_bench", name: "Bench Traders", balance: { currency: "GHS", amount: 1200.5 } }));
      res.end(JSON.stringify({ status: "pending", message: "Waiting." }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((r) => server.close(() => r()));
  return stub;
}

/**
 * A dashboard on a fresh PGlite folder, or on BENCH_DATABASE_URL when set (PostgreSQL, as in
 * production; the charges it makes stay in that database).
 */
const BENCH_DB = process.env.BENCH_DATABASE_URL ?? "";
async function withDashboard<T>(port: number, env: Record<string, string>, use: (app: RunningApp) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-bench-"));
  try {
    return await withApp(
      {
        label: BENCH_DB ? "postgres" : "pglite",
        port,
        env: { DATA_DIR: dir, DATABASE_URL: BENCH_DB, SWEEP_INTERVAL_SECONDS: "0", MOMO_API_KEY: KEY, ...env },
      },
      "owner",
      use,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function withForwarder<T>(port: number, upstream: string, use: (base: string) => Promise<T>): Promise<T> {
  const dir = "scripts/bench-forwarder";
  if (!existsSync(`${dir}/.next/BUILD_ID`)) {
    console.log("building the bare forwarder (scripts/bench-forwarder) …");
    // Webpack, because Turbopack takes the repository (the lockfile's folder) as its root and
    // would build the dashboard's proxy.ts into the forwarder. The handler's cost at run time
    // does not depend on the bundler.
    const built = spawnSync("npx", ["next", "build", "--webpack"], { cwd: dir, stdio: "inherit" });
    if (built.status !== 0) throw new Error("next build of the forwarder failed");
  }
  const server: ChildProcess = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, FORWARD_TO: upstream, FORWARD_KEY: KEY },
    detached: true,
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/forward`, { method: "GET" }).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 120) throw new Error("the forwarder did not start");
      await sleep(500);
    }
    return await use(base);
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
  }
}

// ── 1. Overhead per charge ──
const UPSTREAM_BODY = JSON.stringify({
  amount: 1,
  currency: "GHS",
  phone_number: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: "bench",
});
const FORM_BODY = JSON.stringify({
  amount: "1.00",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: "bench",
});
let keys = 0;
const idem = () => `bench_${process.pid}_${Date.now()}_${++keys}`;

/** `total` requests, `concurrency` at a time; each one's latency in ms. Throws on any non-2xx. */
async function drive(concurrency: number, total: number, send: () => Promise<Response>): Promise<number[]> {
  const ms: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const t = performance.now();
      const res = await send();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`answered ${res.status}`);
      ms.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ms.sort((a, b) => a - b);
}

async function overhead(): Promise<void> {
  const stub = await startStub();
  const LEVELS = [
    { c: 1, n: 300 },
    { c: 10, n: 1000 },
    { c: 100, n: 2000 },
  ];
  type Fig = { p50: number; p99: number };
  const figs = new Map<string, Fig[]>(); // `${target}@${c}` → one per round
  try {
    await withForwarder(3411, stub.url, async (forwarder) =>
      withDashboard(3412, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
        const targets: Record<string, () => Promise<Response>> = {
          direct: () =>
            fetch(`${stub.url}/v1/payments/momo/charge`, {
              method: "POST",
              headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
              body: UPSTREAM_BODY,
            }),
          forwarder: () =>
            fetch(`${forwarder}/forward`, { method: "POST", headers: { "Content-Type": "application/json" }, body: UPSTREAM_BODY }),
          dashboard: () =>
            fetch(`${app.base}/api/charges`, {
              method: "POST",
              headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: FORM_BODY,
            }),
        };
        for (const send of Object.values(targets)) await drive(10, 100, send); // warm-up
        for (let round = 1; round <= ROUNDS; round++) {
          for (const { c, n } of LEVELS) {
            // Side by side: the three in turn at the same concurrency, every round.
            for (const [name, send] of Object.entries(targets)) {
              const ms = await drive(c, n, send);
              const list = figs.get(`${name}@${c}`) ?? [];
              list.push({ p50: pct(ms, 50), p99: pct(ms, 99) });
              figs.set(`${name}@${c}`, list);
            }
          }
          console.log(`overhead: round ${round}/${ROUNDS} done`);
        }
      }),
    );
  } finally {
    await stub.close();
  }
  const med = (name: string, c: number, k: keyof Fig) => median(figs.get(`${name}@${c}`)!.map((f) => f[k]));
  console.log(`\n1. Time added per charge over calling the upstream directly (medians of ${ROUNDS} rounds; ms)`);
  console.log(
    "| concurrency | direct p50 / p99 | forwarder adds p50 / p99 | dashboard adds p50 / p99 | dashboard ÷ forwarder (p50 / p99) | target ≤ 1.5× |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const { c } of LEVELS) {
    const d = { p50: med("direct", c, "p50"), p99: med("direct", c, "p99") };
    const fw = { p50: med("forwarder", c, "p50") - d.p50, p99: med("forwarder", c, "p99") - d.p99 };
    const db = { p50: med("dashboard", c, "p50") - d.p50, p99: med("dashboard", c, "p99") - d.p99 };
    const r50 = db.p50 / fw.p50;
    const r99 = db.p99 / fw.p99;
    console.log(
      `| ${c} | ${fmt(d.p50)} / ${fmt(d.p99)} | +${fmt(fw.p50)} / +${fmt(fw.p99)} | +${fmt(db.p50)} / +${fmt(db.p99)} | ${r50.toFixed(2)}× / ${r99.toFixed(2)}× | ${r50 <= 1.5 && r99 <= 1.5 ? "PASS" : "FAIL"} |`,
    );
  }
}

// ── 2. The budget at twice the allowed load ──
async function budget(): Promise<void> {
  const stub = await startStub();
  stub.enforce = 1_000; // the upstream's own limit, counted over any 60 s
  const OFFERED_PER_MIN = 2_000;
  const MINUTES = 2;
  const results = { sent: 0, delayed: 0, refused: 0, unclear: 0, errors: 0 };
  const refusals = new Set<string>();
  try {
    await withDashboard(3413, { MOMO_BASE_URL: stub.url }, async (app) => {
      const start = Date.now();
      const gap = 60_000 / OFFERED_PER_MIN;
      const pending: Promise<void>[] = [];
      for (let i = 0; i < OFFERED_PER_MIN * MINUTES; i++) {
        const due = start + i * gap;
        if (due > Date.now()) await sleep(due - Date.now());
        pending.push(
          (async () => {
            const t = Date.now();
            const res = await fetch(`${app.base}/api/charges`, {
              method: "POST",
              headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: FORM_BODY,
            }).catch(() => null);
            if (!res) return void results.errors++;
            const body = (await res.json().catch(() => null)) as {
              charge?: { status: string };
              error?: { code: string; message: string };
            } | null;
            if (res.status === 201 && body?.charge?.status === "success") {
              results.sent++;
              if (Date.now() - t > 250) results.delayed++;
            } else if (
              res.status === 429 &&
              body?.error?.code === "budget_exhausted" &&
              /try again in \d+ s\.$/.test(body.error.message) &&
              res.headers.get("retry-after")
            ) {
              results.refused++;
              refusals.add(body.error.message.replace(/\d+ s\.$/, "N s."));
            } else if (res.status === 201)
              results.unclear++; // charged but not success: the upstream refused it
            else results.errors++;
          })(),
        );
      }
      await Promise.all(pending);
      const perMinute = Array.from(
        { length: MINUTES },
        (_, m) => stub.posts.filter((t) => t >= start + m * 60_000 && t < start + (m + 1) * 60_000).length,
      );
      console.log(
        `\n2. Budget at twice the allowed load: ${OFFERED_PER_MIN.toLocaleString("en")} charges/min offered for ${MINUTES} min, budget 1,000/min (the upstream stand-in answers 429 beyond 1,000 in any 60 s)`,
      );
      console.log("| minute | sent upstream | target ≥ 990 |\n|---|---|---|");
      for (const [m, n] of perMinute.entries()) console.log(`| ${m + 1} | ${n} | ${n >= 990 ? "PASS" : "FAIL"} |`);
      console.log(`| upstream 429s | ${stub.limited} | ${stub.limited === 0 ? "PASS" : "FAIL"} (target 0) |`);
      console.log(
        `charges offered ${OFFERED_PER_MIN * MINUTES}: sent ${results.sent} (of them waited > 250 ms: ${results.delayed}), refused with a clear message ${results.refused}, other ${results.unclear}, errors ${results.errors} → ${results.unclear + results.errors === 0 ? "PASS" : "FAIL"}`,
      );
      for (const m of refusals) console.log(`refusal said: "${m}"`);
    });
  } finally {
    await stub.close();
  }
}

// ── 3. 200 signed-in members at once ──
async function load(): Promise<void> {
  const USERS = Number(values.users); // 200 is the target; fewer shows what this machine holds
  const SECONDS = 60;
  const stub = await startStub();
  try {
    await withDashboard(3414, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
      // Members made through the team API, then each signed in through the sign-in API.
      const cookies: string[] = [];
      for (let i = 0; i < USERS; i++) {
        const email = `load-${i}-${Date.now()}@bench.test`;
        const password = `load-password-${i}-0000`;
        const add = await fetch(`${app.base}/api/team`, {
          method: "POST",
          headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Load ${i}`, email, role: "owner", password }),
        });
        if (add.status !== 201) throw new Error(`adding member ${i}: ${add.status} ${await add.text()}`);
        const session = await fetch(`${app.base}/api/session`, {
          method: "POST",
          headers: { Origin: app.base, "Content-Type": "application/json" },
          body: JSON.stringify({ email, password }),
        });
        if (!session.ok) throw new Error(`signing in member ${i}: ${session.status}`);
        cookies.push(
          session.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; "),
        );
      }
      const byKind = new Map<string, number[]>();
      let errors = 0;
      const firstErrors: string[] = [];
      const end = Date.now() + SECONDS * 1000;
      const act = async (cookie: string) => {
        await sleep(Math.random() * 1000);
        while (Date.now() < end) {
          const r = Math.random();
          const kind = r < 0.3 ? "charge" : r < 0.8 ? "history" : "account";
          const t = performance.now();
          const res =
            kind === "charge"
              ? await fetch(`${app.base}/api/charges`, {
                  method: "POST",
                  headers: { cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
                  body: FORM_BODY,
                }).catch((e: unknown) => String(e))
              : await fetch(
                  `${app.base}${kind === "history" ? (Math.random() < 0.5 ? "/transactions" : "/transactions?status=success") : "/account"}`,
                  { headers: { cookie } },
                ).catch((e: unknown) => String(e));
          const ok = typeof res !== "string" && res.ok;
          if (typeof res !== "string") await res.arrayBuffer();
          const ms = performance.now() - t;
          if (!ok) {
            errors++;
            if (firstErrors.length < 5) firstErrors.push(`${kind}: ${typeof res === "string" ? res : res.status}`);
          } else (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(ms);
          await sleep(Math.max(0, 1000 - ms) * (0.8 + Math.random() * 0.4));
        }
      };
      await Promise.all(cookies.map(act));
      const all = [...byKind.values()].flat().sort((a, b) => a - b);
      console.log(
        `\n3. ${USERS} signed-in members, each acting about once a second for ${SECONDS} s (30% charge, 50% history page, 20% account page)`,
      );
      console.log("| action | requests | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|");
      for (const [kind, ms] of byKind) {
        ms.sort((a, b) => a - b);
        console.log(`| ${kind} | ${ms.length} | ${fmt(pct(ms, 50))} | ${fmt(pct(ms, 95))} | ${fmt(pct(ms, 99))} |`);
      }
      const p99 = pct(all, 99);
      console.log(`| all | ${all.length} | ${fmt(pct(all, 50))} | ${fmt(pct(all, 95))} | ${fmt(p99)} |`);
      console.log(
        `errors: ${errors}${firstErrors.length ? ` (${firstErrors.join("; ")})` : ""}; throughput ${(all.length / SECONDS).toFixed(0)} requests/s → ${errors === 0 && p99 <= 500 ? "PASS" : "FAIL"} (0 errors, p99 ≤ 500 ms)`,
      );
    });
  } finally {
    await stub.close();
  }
}

// ── 4. JavaScript per page, and Lighthouse ──
async function js(): Promise<void> {
  const stub = await startStub();
  try {
    await withDashboard(3415, { MOMO_BASE_URL: stub.url }, async (app) => {
      const sizes = await measureJs(app.base, app.cookie);
      console.log(`\n4a. JavaScript per page (gzip of every script Chromium loads for the page; target ≤ ${JS_TARGET_KB} kB)`);
      console.log("| page | scripts | kB gzip | |\n|---|---|---|---|");
      for (const s of sizes) console.log(`| ${s.path} | ${s.scripts} | ${s.kb.toFixed(1)} | ${s.kb <= JS_TARGET_KB ? "PASS" : "FAIL"} |`);
    });
  } finally {
    await stub.close();
  }
}

async function lighthouseScores(): Promise<void> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const stub = await startStub();
  try {
    await withDashboard(3416, { MOMO_BASE_URL: stub.url }, async (app) => {
      // A few charges, so the history page has rows.
      for (let i = 0; i < 20; i++)
        await fetch(`${app.base}/api/charges`, {
          method: "POST",
          headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
          body: FORM_BODY,
        });
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run",
          "--disable-quic",
        ],
      });
      try {
        console.log("\n4b. Lighthouse (mobile, simulated throttling), median of 3 runs");
        console.log("| page | performance | accessibility | target |\n|---|---|---|---|");
        for (const page of ["/charges/new", "/transactions"]) {
          const perf: number[] = [];
          const a11y: number[] = [];
          for (let i = 0; i < 3; i++) {
            const result = await lighthouse(`${app.base}${page}`, {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance", "accessibility"],
              extraHeaders: { Cookie: app.cookie },
            });
            const cats = result!.lhr.categories;
            perf.push(Math.round((cats.performance.score ?? 0) * 100));
            a11y.push(Math.round((cats.accessibility.score ?? 0) * 100));
          }
          const p = median(perf);
          const a = median(a11y);
          console.log(`| ${page} | ${p} (${perf.join(", ")}) | ${a} | ${p >= 98 && a === 100 ? "PASS" : "FAIL"} (≥ 98, 100) |`);
        }
      } finally {
        chrome.kill();
      }
    });
  } finally {
    await stub.close();
  }
}

if (!hasBuild()) throw new Error("no production build: run `npm run build` first");
console.log(
  `npm run bench — ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}, ${BENCH_DB ? "PostgreSQL (BENCH_DATABASE_URL)" : "PGlite"}`,
);
if (parts.has("overhead")) await overhead();
if (parts.has("budget")) await budget();
if (parts.has("load")) await load();
if (parts.has("js")) await js();
if (parts.has("lighthouse")) await lighthouseScores();
