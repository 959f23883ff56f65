// An app server started by a test itself (not by playwright.config.ts): for suites that need
// their own upstream, settings, or several instances on one database. Same script as the
// configured servers (serve.sh), so the same build, database and log handling.
import { spawn, type ChildProcess } from "node:child_process";

export type AppServer = {
  base: string;
  port: number;
  stop(signal?: NodeJS.Signals): void;
  /** Resolves once the server's process has ended and its port refuses connections (for a restart on the same port). */
  gone(): Promise<void>;
};

/**
 * Starts `serve.sh NAME PORT MODE` and waits until it answers. MODE: "seed" (fresh database,
 * one member per role), "empty" (fresh database, no member), "keep" (the database as it is).
 */
export async function startAppServer(
  name: string,
  port: number,
  mode: "seed" | "empty" | "keep",
  env: Record<string, string>,
  log = name,
): Promise<AppServer> {
  const server = spawnAppServer(name, port, mode, env, log);
  await server.ready;
  return server;
}

/**
 * Like startAppServer, but returns as soon as the process is spawned (so that it can be stopped
 * even while it starts); `ready` resolves once it answers.
 */
export function spawnAppServer(
  name: string,
  port: number,
  mode: "seed" | "empty" | "keep",
  env: Record<string, string>,
  log = name,
): AppServer & { ready: Promise<void> } {
  const child: ChildProcess = spawn("bash", ["tests/e2e/support/serve.sh", name, String(port), mode], {
    detached: true, // its own process group: stop() takes npx, next and tee together
    stdio: "ignore",
    env: { ...process.env, E2E_LOG: log, ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  // Never throws: the group may be gone before its exit was seen (ESRCH), and a throw inside the
  // worker's exit listener below kept a test worker from exiting at all.
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, sig);
    } catch {} // already gone
  };
  const stop = (sig: NodeJS.Signals = "SIGTERM") => {
    signal(sig);
    // A server that has not stopped 30 s after SIGTERM is killed: a test run must end.
    if (sig !== "SIGKILL") setTimeout(() => signal("SIGKILL"), 30_000).unref();
  };
  // Nor does a server still stopping keep the test worker alive.
  child.unref();
  // Its own process group outlives the test worker: a suite that gives up while it starts
  // (a hook's timeout) must not leave it holding the port for the next run.
  process.once("exit", () => stop());
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
  // Its process ends first; the port is free once a connection is refused (not when one request
  // fails: on a loaded machine a request to a live server can fail too, and a restart would then
  // find the old server still answering).
  const gone = async () => {
    await exited;
    for (let i = 0; i < 240 && !(await refused(base)); i++) await new Promise((r) => setTimeout(r, 250));
  };
  return { base, port, stop, gone, ready: waitFor(base, child) };
}

/** Whether nothing listens at `base` any more (the connection is refused). */
async function refused(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/setup`, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
  }
}

async function waitFor(base: string, child: ChildProcess, ms = 120_000) {
  const until = Date.now() + ms;
  // Whatever answers this soon is not the server just spawned (it seeds, then starts): another
  // process holds the port, and the tests would talk to it.
  const answers = await fetch(`${base}/setup`, { redirect: "manual", signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );
  if (answers) throw new Error(`${base} already answers before its server started: another process holds the port`);
  for (;;) {
    // /setup answers 200 before set-up and 404 after it: either way the server is up.
    const up = await fetch(`${base}/setup`, { redirect: "manual" }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    if (child.exitCode !== null) throw new Error(`the app server at ${base} exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`the app server at ${base} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
