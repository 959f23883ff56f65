// What every part of `npm run bench` shares: small statistics, the upstream stand-in, a
// dashboard started on a fresh database, and a charge's request body.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withApp, type RunningApp } from "./history-page";
import { cpuMs } from "./cpu";

export const KEY = "sk_live_bench_0000000000";
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ── The upstream stand-in: answers at once; optionally enforces 1,000 requests in any 60 s. ──
export type Stub = { url: string; posts: number[]; limited: number; enforce: number | null; close(): Promise<void> };
export async function startStub(): Promise<Stub> {
  let n = 0;
  // References unique across runs: BENCH_DATABASE_URL keeps earlier runs' charges, and a
  // reference seen before sends the dashboard down its reference-collision path.
  const run = Date.now().toString(36);
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
        return res.end(JSON.stringify({ status: "success", transaction_reference: `TXN-BENCH-${run}-${++n}`, message: "Approved." }));
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
export const BENCH_DB = process.env.BENCH_DATABASE_URL ?? "";
export async function withDashboard<T>(
  port: number,
  env: Record<string, string>,
  use: (app: RunningApp) => Promise<T>,
  cpus?: string,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-bench-"));
  try {
    return await withApp(
      {
        label: BENCH_DB ? "postgres" : "pglite",
        port,
        env: { DATA_DIR: dir, DATABASE_URL: BENCH_DB, SWEEP_INTERVAL_SECONDS: "0", MOMO_API_KEY: KEY, ...env },
        cpus,
      },
      "owner",
      use,
    );
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/**
 * The charge form's body, as the dashboard's POST /api/charges takes it: a number of its own each
 * time, as charges to many customers are (the same number and amount again within 10 minutes is a
 * possible duplicate, which the dashboard asks about before charging).
 */
let numbers = 0;
export const formBody = () =>
  JSON.stringify({
    amount: "1.00",
    currency: "GHS",
    phoneNumber: `024${String((process.pid * 7_919 + ++numbers) % 10_000_000).padStart(7, "0")}`,
    provider: "mtn",
    vouchers: "",
    description: "bench",
  });
let keys = 0;
export const idem = () => `bench_${process.pid}_${Date.now()}_${++keys}`;

// ── The servers' CPU time (./cpu.ts), the references' app, and a bounded driver ──
export const groupCpu = (pgid: number) => cpuMs((f) => Number(f[2]) === pgid);
/**
 * PostgreSQL's processes on this machine, those that ended included (the postmaster reaps its
 * backends: their time is in its cutime). PGlite runs inside the app's own process.
 */
export const postgresCpu = () => (BENCH_DB ? cpuMs((_, comm) => comm === "postgres" || comm.startsWith("postgres:"), { reaped: true }) : 0);

export async function withForwarder<T>(
  port: number,
  upstream: string,
  use: (base: string, pid: number) => Promise<T>,
  cpus?: string,
): Promise<T> {
  const dir = "scripts/bench/reference-app";
  if (
    !existsSync(`${dir}/.next/BUILD_ID`) ||
    !existsSync(`${dir}/.next/server/app/durable`) ||
    !existsSync(`${dir}/.next/server/app/ref/form`) ||
    !existsSync(`${dir}/.next/server/app/ref/login-per-request`)
  ) {
    console.log("building the references (scripts/bench/reference-app) …");
    // Webpack, because Turbopack takes the repository (the lockfile's folder) as its root and
    // would build the dashboard's proxy.ts into the forwarder. The handler's cost at run time
    // does not depend on the bundler.
    const built = spawnSync("npx", ["next", "build", "--webpack"], { cwd: dir, stdio: "inherit" });
    if (built.status !== 0) throw new Error("next build of the forwarder failed");
  }
  // The durable reference keeps its rows where the dashboard keeps its own: the same PostgreSQL
  // (schema bench_ref), or a PGlite folder of its own.
  const refData = await mkdtemp(path.join(os.tmpdir(), "momo-bench-ref-"));
  const start = ["npx", "next", "start", "-H", "127.0.0.1", "-p", String(port)];
  const [command, ...args] = cpus ? ["taskset", "-c", cpus, ...start] : start;
  const server: ChildProcess = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, FORWARD_TO: upstream, FORWARD_KEY: KEY, REF_DATABASE_URL: BENCH_DB, REF_DATA_DIR: refData },
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
    return await use(base, server.pid!);
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
    await sleep(500);
    await rm(refData, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/**
 * `concurrency` requests at once, untimed: call it before `drive` (and before reading the CPU
 * counters), so that every worker starts with a connection already open, whichever server ran
 * before. A connection opened while the server is saturated waits to be read (seconds at 100,
 * measured on the references and on the dashboard alike); without this, a target whose
 * connections another target had just warmed (the durable reference shares its server with the
 * forwarder) was timed on open connections, and the next one on new ones.
 */
export async function openConnections(concurrency: number, send: () => Promise<Response>): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const res = await send();
      await res.arrayBuffer();
    }),
  );
}

/** `total` requests, `concurrency` at a time; each one's latency in ms. Throws on any non-2xx. */
export async function drive(concurrency: number, total: number, send: () => Promise<Response>): Promise<number[]> {
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
