// From the outbox to the channels. Every DISPATCH_MS the dispatcher (./dispatch.ts) turns new
// events into notifications and webhook deliveries; the job queue (pg-boss, the same one the
// batches use) then sends each webhook delivery and each instant email as a job, on whichever
// instance fetches it first.
//
// A job may be lost (a kill -9 between the dispatcher's commit and the queueing, or mid-send)
// or run twice: what is due is decided by the rows, never by the jobs. A webhook delivery is
// claimed before each attempt (lib/webhooks/deliver.ts); at start, and on every sweep, the work
// that is due and has no live claim is queued again (the queue keeps one waiting job per key).
import "server-only";
import type PgBoss from "pg-boss";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/open";
import { type DispatchOptions, dispatchEvents } from "./dispatch";
import { createDeliveryQueue, DELIVERY_QUEUE } from "./queue-install";

export type DeliveryJob = { kind: "webhook" | "email"; id: string };

export type DeliveryHandlers = {
  /** One attempt of a webhook delivery; the seconds until the next, or null when there is none. */
  webhook: (deliveryId: string) => Promise<number | null>;
  /** One notification's instant email. */
  email: (notificationId: string) => Promise<void>;
};

type Log = (level: "info" | "error", event: string, detail: Record<string, unknown>) => void;

/** How often the outbox is read for new events: the bell's and the webhooks' delay at most. */
const DISPATCH_MS = 1_000;
/** Work due for this long with no job seen taking it is queued again by the sweep. */
const LOST_AFTER_SECONDS = 30;

const KEY = Symbol.for("momo-dashboard.event-delivery");
const BOSS = Symbol.for("momo-dashboard.event-delivery-queue");
type Running = { timer: NodeJS.Timeout; round: () => Promise<void> | null };
type Holder = { [KEY]?: Running };

const jobOf = (j: DeliveryJob, startAfter?: Date): PgBoss.JobInsert<DeliveryJob> => ({
  name: DELIVERY_QUEUE,
  data: j,
  singletonKey: `${j.kind}:${j.id}`,
  ...(startAfter ? { startAfter } : {}),
});

async function queue(boss: PgBoss, jobs: DeliveryJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 500) await boss.insert(jobs.slice(i, i + 500).map((j) => jobOf(j)));
}

/** Starts dispatching and delivering on this instance (once), on the batches' running pg-boss. */
export async function startDelivery(
  boss: PgBoss,
  db: Db,
  handlers: () => DeliveryHandlers,
  options: { emailOn: () => boolean; log: Log; dispatchMs?: number; onTaken?: DispatchOptions["onTaken"] },
): Promise<void> {
  const g = globalThis as Holder;
  if (g[KEY]) return;
  await createDeliveryQueue(boss);
  await boss.work<DeliveryJob>(DELIVERY_QUEUE, { batchSize: 10, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    const h = handlers();
    const results = await Promise.allSettled(
      jobs.map(async ({ data }) => {
        if (data.kind === "email") return h.email(data.id);
        const next = await h.webhook(data.id);
        if (next !== null) await boss.insert([jobOf(data, new Date(Date.now() + next * 1000))]);
      }),
    );
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const f of failed) options.log("error", "delivery_failed", { error: f.reason });
    if (failed.length) throw new Error(`${failed.length} of ${jobs.length} deliveries failed; retried`);
  });
  let round: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (round) return; // a slow round must not pile rounds on top of each other
    round = dispatchOnce(db, boss, options.emailOn(), options.onTaken)
      .then(() => {})
      .catch((error: unknown) => options.log("error", "dispatch_failed", { error }))
      .finally(() => {
        round = null;
      });
  }, options.dispatchMs ?? DISPATCH_MS);
  timer.unref();
  g[KEY] = { timer, round: () => round };
  (globalThis as { [BOSS]?: PgBoss })[BOSS] = boss;
}

/** One round of the dispatcher: new events to rows, their sends to the queue. */
export async function dispatchOnce(db: Db, boss: PgBoss, emailOn: boolean, onTaken?: DispatchOptions["onTaken"]): Promise<number> {
  let events = 0;
  for (;;) {
    const d = await dispatchEvents(db, { emailOn, onTaken });
    await queue(boss, [
      ...d.deliveryIds.map((id) => ({ kind: "webhook", id }) as const),
      ...d.instantEmailIds.map((id) => ({ kind: "email", id }) as const),
    ]);
    events += d.events;
    if (d.events === 0) return events;
  }
}

/**
 * Queues again the work that is due and that no job is seen to hold: at start (`lostAfterSeconds`
 * 0 on PGlite, whose every claim was this folder's last process's) and on every sweep.
 */
export async function requeueDue(db: Db, boss: PgBoss, lostAfterSeconds = LOST_AFTER_SECONDS): Promise<number> {
  const ignoreClaims = lostAfterSeconds === 0;
  // Claims this folder's last process left (it was killed mid-send) would hold their deliveries
  // for CLAIM_SECONDS more; on PGlite nobody else can hold one, so they are let go at once.
  if (ignoreClaims) await db.execute(sql`update webhook_deliveries set locked_until = null where locked_until is not null`);
  const due = rowsOf<DeliveryJob>(
    await db.execute(sql`
      select 'webhook' as kind, d.id::text as id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
       where d.state = 'pending' and d.next_attempt_at <= now() - make_interval(secs => ${lostAfterSeconds})
         and (d.locked_until is null or d.locked_until < now())
      union all
      select 'email', id::text from notifications
       where email_state = 'instant' and created_at <= now() - make_interval(secs => ${lostAfterSeconds})
      limit 10000`),
  );
  await queue(boss, due);
  return due.length;
}

/**
 * Queues an endpoint's waiting deliveries now, on this instance's queue (an endpoint switched
 * back on): none are lost if this instance runs no queue, as the sweep queues them too.
 */
export async function queueEndpointNow(db: Db, endpointId: string): Promise<number> {
  const boss = (globalThis as { [BOSS]?: PgBoss })[BOSS];
  if (!boss) return 0;
  const due = rowsOf<DeliveryJob>(
    await db.execute(sql`
      select 'webhook' as kind, id::text as id from webhook_deliveries
       where endpoint_id = ${endpointId} and state = 'pending' and (locked_until is null or locked_until < now())`),
  );
  await queue(boss, due);
  return due.length;
}

/** Stops the dispatcher (the queue's workers stop with the batches' pg-boss). */
export async function stopDelivery(): Promise<void> {
  const g = globalThis as Holder;
  const running = g[KEY];
  if (!running) return;
  clearInterval(running.timer);
  delete g[KEY];
  delete (globalThis as { [BOSS]?: PgBoss })[BOSS];
  await running.round();
}
