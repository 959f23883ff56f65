// The whole Transactions page, as a browser gets it: starts the built app (`next start`) on a
// loopback port against a seeded database, signs a support member in, and times sequential
// GETs. Only the server this file starts is stopped, by its own process group.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { percentile } from "./history-cases";
import { benchSignIn } from "./sign-in";

/** `cpus`: run the server on these cores only (taskset -c), for figures that must not share one. */
export type PageTarget = { label: string; port: number; env: Record<string, string>; cpus?: string };
export type PageTiming = { path: string; p50: number; p95: number; status: number };

export const PAGE_REQUESTS = 100;
const WARM_UP = 5;
const START_TIMEOUT_MS = 90_000;

export function hasBuild(): boolean {
  return existsSync(".next/BUILD_ID");
}

async function waitForServer(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/sign-in`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer on ${base} within ${START_TIMEOUT_MS / 1000} s`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || !server.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      resolve();
    }, 10_000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // Negative pid: the group we created (npx and the next-server under it), nothing else.
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

async function timePath(base: string, path: string, cookie: string): Promise<PageTiming> {
  let status = 0;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    await res.text();
    status = res.status;
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < PAGE_REQUESTS; i++) ms.push(await once());
  ms.sort((a, b) => a - b);
  return { path, p50: percentile(ms, 50), p95: percentile(ms, 95), status };
}

/** `pid`: the server's process group (its CPU time is read from /proc by the overhead benchmark). */
export type RunningApp = { base: string; cookie: string; email: string; password: string; pid: number };

/**
 * Adds a member (scripts/users.ts), starts the built app on a loopback port, signs the member
 * in, runs `use`, and stops the app (its own process group) however `use` ends.
 */
export async function withApp<T>(
  target: PageTarget,
  role: "owner" | "staff" | "support",
  use: (app: RunningApp) => Promise<T>,
): Promise<T> {
  const email = `bench-${randomBytes(4).toString("hex")}@bench.test`;
  const password = randomBytes(12).toString("hex");
  const env: NodeJS.ProcessEnv = { ...process.env, ...target.env };
  // On PostgreSQL the app requires a signing key for its audit entries (lib/audit/signing.ts).
  if (env.DATABASE_URL && !env.AUDIT_SIGNING_KEY) env.AUDIT_SIGNING_KEY = "bench-audit-signing-key-not-a-secret-0123456789";
  const added = spawnSync("npx", ["tsx", "scripts/users.ts", "--email", email, "--role", role, "--password", password], {
    env,
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(`users.ts failed: ${added.stderr || added.stdout}`);

  const base = `http://127.0.0.1:${target.port}`;
  const start = ["npx", "next", "start", "-H", "127.0.0.1", "-p", String(target.port)];
  const [command, ...args] = target.cpus ? ["taskset", "-c", target.cpus, ...start] : start;
  const server = spawn(command, args, {
    env,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr?.on("data", (d) => (stderr = (stderr + d).slice(-4_000)));
  const onSignal = () => void stop(server).then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  try {
    await waitForServer(base, server);
    const cookie = await benchSignIn(base, email, password);
    return await use({ base, cookie, email, password, pid: server.pid! });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`);
  } finally {
    process.off("SIGINT", onSignal);
    await stop(server);
  }
}

/** Starts the app as a support member and times each path. */
export async function benchPages(target: PageTarget, paths: string[]): Promise<PageTiming[]> {
  return withApp(target, "support", async ({ base, cookie }) => {
    const results: PageTiming[] = [];
    for (const path of paths) results.push(await timePath(base, path, cookie));
    return results;
  });
}
