// The job queue that sends batches: pg-boss 10 (the major that runs on Node 20), on the app's own
// database — PGlite through its SQL, PostgreSQL through its own small pool — so any number of
// instances on one PostgreSQL share the work (pg-boss fetches with SKIP LOCKED). One job per row;
// what a job does, and why running it twice never sends twice, is ./runner.ts.
//
// Jobs may be lost or doubled without harm: a row's state and its ledger key decide. So when an
// instance starts it queues every unsent row of the running batches again (a job left `active`
// by a killed process would otherwise wait for pg-boss's expiry), and the sweep does the same for
// a running batch that has not moved for STALL_MINUTES. The queue's `short` policy keeps one
// waiting job per row, so queueing again adds none for rows already waiting.
import "server-only";
import type PgBoss from "pg-boss";
import type { OpenedDb } from "@/lib/db/open";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/open";
import { createBatchQueue, newBoss, QUEUE } from "./queue-install";
import { claimBatchRow, rowsToSend, runningBatchIds, sendClaimed, type RunnerDeps } from "./runner";

/** Rows fetched (and sent side by side, each waiting for its place in the budget) per poll. */
const FETCH = 20;
const POLL_SECONDS = 0.5;
/** A running batch none of whose rows changed for this long is queued again by the sweep. */
export const STALL_MINUTES = 5;

type RowJob = { batchId: string; row: number };
type Log = (level: "info" | "error", event: string, detail: Record<string, unknown>) => void;

const KEY = Symbol.for("momo-dashboard.batch-queue");
const STARTED = Symbol.for("momo-dashboard.batch-queue-started");
type Holder = { [KEY]?: Promise<PgBoss>; [STARTED]?: true };

/** Starts this process's queue and its worker (once); resolves when both are ready. */
export function startBatchQueue(opened: OpenedDb, deps: () => RunnerDeps, log: Log): Promise<PgBoss> {
  const g = globalThis as Holder;
  g[KEY] ??= (async () => {
    const boss = newBoss(opened, { supervise: true });
    boss.on("error", (error: unknown) => log("error", "batch_queue_error", { error }));
    await boss.start();
    await createBatchQueue(boss);
    await boss.work<RowJob>(QUEUE, { batchSize: FETCH, pollingIntervalSeconds: POLL_SECONDS }, async (jobs) => {
      const d = deps();
      // File order: a fetch's rows are claimed one after another by row number, each sent as soon
      // as it is claimed (the sends still overlap, each waiting for the upstream's answer).
      let claimed: Promise<unknown> = Promise.resolve();
      const ordered = [...jobs].sort((a, b) => a.data.row - b.data.row);
      const results = await Promise.allSettled(
        ordered.map((j) => {
          const mine = claimed.then(() => claimBatchRow(d, j.data.batchId, j.data.row));
          claimed = mine.catch(() => null);
          return mine.then((c) => sendClaimed(d, j.data.batchId, j.data.row, c));
        }),
      );
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      // The jobs of this fetch are retried together; rows already sent are then skipped.
      if (failed.length) {
        for (const f of failed) log("error", "batch_row_failed", { error: f.reason });
        throw new Error(`${failed.length} of ${jobs.length} batch rows failed; retried`);
      }
    });
    g[STARTED] = true;
    return boss;
  })().catch((error) => {
    delete g[KEY];
    throw error;
  });
  return g[KEY];
}

/** Whether this process's queue has started and takes jobs (GET /api/ready: lib/health). */
export function queueStarted(): boolean {
  return !!(globalThis as Holder)[STARTED];
}

/** The running queue, or null if this process has not started one. */
function runningQueue(): Promise<PgBoss> | null {
  return (globalThis as Holder)[KEY] ?? null;
}

/** A job for each unsent row of the batch (after approval, a resume, a restart or a stall). */
export async function queueBatch(opened: OpenedDb, batchId: string): Promise<number> {
  const boss = await (runningQueue() ?? Promise.reject(new Error("the batch queue is not started")));
  const rows = await rowsToSend(opened.db, batchId);
  for (let i = 0; i < rows.length; i += 1_000) {
    await boss.insert(
      // pg-boss fetches by priority, then creation time, then a random id: the row's number as a
      // falling priority makes it fetch the rows in file order (jobs inserted together share a time).
      rows.slice(i, i + 1_000).map((row) => ({
        name: QUEUE,
        data: { batchId, row } satisfies RowJob,
        singletonKey: `${batchId}:${row}`,
        priority: -row,
      })),
    );
  }
  return rows.length;
}

/** At start: every running batch's unsent rows go back in the queue. */
export async function requeueRunning(opened: OpenedDb): Promise<number> {
  let rows = 0;
  for (const id of await runningBatchIds(opened.db)) rows += await queueBatch(opened, id);
  return rows;
}

/** The sweep's safety net: running batches with unsent rows and no change for STALL_MINUTES. */
export async function requeueStalled(opened: OpenedDb): Promise<number> {
  const stalled = rowsOf<{ id: string }>(
    await opened.db.execute(sql`
      select b.id from batches b
       where b.status = 'running'
         and exists (select 1 from batch_rows r where r.batch_id = b.id and r.state in ('queued', 'sending'))
         and (select max(r.updated_at) from batch_rows r where r.batch_id = b.id)
             < now() - make_interval(mins => ${STALL_MINUTES})
         and coalesce(b.changed_at, b.decided_at) < now() - make_interval(mins => ${STALL_MINUTES})`),
  );
  let rows = 0;
  for (const { id } of stalled) rows += await queueBatch(opened, id);
  return rows;
}

const STOPPING = Symbol.for("momo-dashboard.batch-queue-stopping");

/** Whether this process is stopping its queue (rows waiting for a place then give their jobs back). */
export function queueStopping(): boolean {
  return !!(globalThis as { [STOPPING]?: true })[STOPPING];
}

/** Stops taking jobs and waits for those under way (at shutdown, before the database closes). */
export async function stopBatchQueue(): Promise<void> {
  const boss = await runningQueue()?.catch(() => null);
  if (!boss) return;
  (globalThis as { [STOPPING]?: true })[STOPPING] = true;
  delete (globalThis as Holder)[STARTED];
  await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: true });
  delete (globalThis as Holder)[KEY];
  delete (globalThis as { [STOPPING]?: true })[STOPPING];
}
