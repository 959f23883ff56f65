// The batches' job queue in the database: pg-boss's schema ("pgboss") and the one queue, set up by
// whoever may create them — the app itself at start by default, or `npm run db:migrate` run as the
// schema's owner where the app runs as a least-privileged role (docs/operations.md, "Least privilege on
// PostgreSQL"), which then only reads and writes pg-boss's tables. No "server-only" here: the
// migration script imports it.
import PgBoss from "pg-boss";
import type { OpenedDb } from "@/lib/db/open";
import { createDeliveryQueue } from "@/lib/events";

export const QUEUE = "batch-rows";
/** A job running this long is given up by pg-boss and tried again (harmless: ./runner.ts). */
const EXPIRE_SECONDS = 300;

/** pg-boss on the app's database: PGlite through its SQL, PostgreSQL through a small pool of its own. */
export function newBoss(opened: OpenedDb, options: { supervise: boolean }): PgBoss {
  return new PgBoss({
    ...(opened.url
      ? { connectionString: opened.url, max: 3, application_name: "momo-dashboard-batches" }
      : { db: opened.sql as PgBoss.Db }),
    schedule: false,
    supervise: options.supervise,
    maintenanceIntervalSeconds: 60,
  });
}

/** The queue of batch rows (once: a queue that exists is left as it is, with no DDL). */
export async function createBatchQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(QUEUE, {
    name: QUEUE,
    policy: "short",
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
  });
}

/** pg-boss's schema and the queues (this one and the events' deliveries), for `npm run db:migrate`; then it lets go of the database. */
export async function installBatchQueue(opened: OpenedDb): Promise<void> {
  const boss = newBoss(opened, { supervise: false });
  await boss.start();
  try {
    await createBatchQueue(boss);
    await createDeliveryQueue(boss);
  } finally {
    await boss.stop({ graceful: false, wait: true, close: true });
  }
}
