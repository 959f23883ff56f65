// The background sweep: every so often, look up open charges that have a reference (pending,
// or unknown after an unreadable answer), and turn rows a dead process left `submitting` into
// `unknown`. It only ever reads the upstream's status lookup: it never sends a charge.
import { isSettled } from "@/lib/market/statuses";
import { recoverInterrupted, checkCharge, type RefreshDeps } from "@/lib/charges";
import { listSweepable } from "./ledger";

/** A charge younger than this is left to the person watching its result view. */
const SWEEP_MIN_AGE_MS = 5_000;

export type SweepOptions = { intervalMs: number; interruptedAfterMs: number };
export type SweepReport = { recovered: number; checked: number; settled: number };

export async function sweepOnce(deps: RefreshDeps, opts: SweepOptions): Promise<SweepReport> {
  const recovered = await recoverInterrupted(deps.db, opts.interruptedAfterMs);
  let checked = 0;
  let settled = 0;
  for (const { id } of await listSweepable(deps.db, SWEEP_MIN_AGE_MS)) {
    // Each charge at most once per interval, across every instance sweeping the same ledger.
    const result = await checkCharge(deps, id, { minIntervalMs: opts.intervalMs });
    if (result.refused) break; // no room in the budget: the next round goes on from here
    if (!result.checked) continue;
    checked++;
    if (result.charge && isSettled(result.charge.status)) settled++;
  }
  return { recovered, checked, settled };
}

const KEY = Symbol.for("momo-dashboard.sweep");
const STOP = Symbol.for("momo-dashboard.sweep-stop");
type Holder = { [KEY]?: NodeJS.Timeout; [STOP]?: () => Promise<void> };

/** Starts the process's one sweep timer (a no-op if it is already running or disabled). */
export function startSweep(run: () => Promise<void>, intervalMs: number): void {
  const g = globalThis as Holder;
  if (g[KEY] || intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return; // a slow upstream must not pile sweeps on top of each other
    running = run()
      .catch(() => {}) // the caller logs its own failures; a timer has nowhere to rethrow
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  g[KEY] = timer;
  g[STOP] = async () => {
    clearInterval(timer);
    delete g[KEY];
    delete g[STOP];
    await running;
  };
}

/** Stops the timer; resolves once a round under way has finished, so the database may close. */
export async function stopSweep(): Promise<void> {
  await (globalThis as Holder)[STOP]?.();
}
