// What every part of `npm run bench` shares: small statistics, the upstream stand-in, a
// dashboard started on a fresh database, and a charge's request body.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withApp, type RunningApp } from "../bench-page";

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
export async function withDashboard<T>(port: number, env: Record<string, string>, use: (app: RunningApp) => Promise<T>): Promise<T> {
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
