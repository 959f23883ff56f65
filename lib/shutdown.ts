// A normal stop (SIGTERM from a process manager or `kill`, Ctrl-C's SIGINT) closes the database
// before the process ends. PGlite then removes its postmaster.pid, so the next start, a seed or
// users:add finds the folder free; PostgreSQL's pool says goodbye instead of being cut off.
//
// Next.js's server has its own handler for both signals: it stops taking requests, lets those
// under way finish, then calls process.exit. The database must outlive those requests (a charge
// in flight still writes its answer), so while that handler runs we hold its exit back until the
// database is closed. Without such a handler (NEXT_MANUAL_SIG_HANDLE), we close and exit ourselves.
//
// From the signal on, the process is draining: GET /api/ready answers 503 (lib/health), so a load
// balancer still holding a connection to it stops sending before the server stops.
import "server-only";

const DRAINING = Symbol.for("momo-dashboard.draining");

/** Whether a stop signal has come (process-wide: docs/architecture.md, "Process-wide state"). */
export function draining(): boolean {
  return !!(globalThis as { [DRAINING]?: true })[DRAINING];
}

/** The part of `process` this needs, so a test can hand it a stand-in. */
export type SignalTarget = {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  listenerCount(signal: NodeJS.Signals): number;
  exit(code?: number): never;
};

const EXIT_CODE: Record<"SIGTERM" | "SIGINT", number> = { SIGTERM: 143, SIGINT: 130 };
/** How long a close may take once the grace period is over: then the process ends regardless. */
export const CLOSE_ALLOWANCE_MS = 5_000;

/**
 * On SIGTERM or SIGINT, `close` runs once and the process exits after it (whatever it throws).
 * If the other handler has not exited within `graceMs` (a request that never ends), we do; and a
 * close that has not finished `CLOSE_ALLOWANCE_MS` after that does not keep the process alive.
 */
export function closeOnSignals(close: () => Promise<void>, opts: { graceMs: number }, target: SignalTarget = process): void {
  const exit = target.exit.bind(target);
  let closing: Promise<void> | null = null;
  const closeOnce = () => {
    closing ??= close().catch(() => {}); // the closer logs its own failure; the process ends anyway
    return closing;
  };
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    target.on(signal, () => {
      if (stopping) return; // Ctrl-C reaches npm, the shell and node alike: one stop is enough
      stopping = true;
      (globalThis as { [DRAINING]?: true })[DRAINING] = true;
      if (target.listenerCount(signal) > 1) {
        // Another handler (Next.js's) drains the server and then exits: close before that exit.
        target.exit = ((code?: number) => {
          void closeOnce().finally(() => exit(code));
        }) as SignalTarget["exit"];
        setTimeout(() => target.exit(EXIT_CODE[signal]), opts.graceMs);
        setTimeout(() => exit(EXIT_CODE[signal]), opts.graceMs + CLOSE_ALLOWANCE_MS).unref?.();
      } else {
        void closeOnce().finally(() => exit(EXIT_CODE[signal]));
        setTimeout(() => exit(EXIT_CODE[signal]), opts.graceMs + CLOSE_ALLOWANCE_MS).unref?.();
      }
    });
  }
}
