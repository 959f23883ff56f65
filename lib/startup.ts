import "server-only";
import { auditSigningKey } from "@/lib/audit/signing";
import { recoverInterrupted } from "@/lib/charges/ledger";
import { dailyRetention } from "@/lib/retention/daily";
import { startSweep, stopSweep, sweepOnce } from "@/lib/reconcile/sweep";
import { requeueRunning, requeueStalled, queueStopping, startBatchQueue, stopBatchQueue } from "@/lib/batches/queue";
import { closeDb, getDb, getOpenedDb } from "@/lib/db/client";
import { providePages } from "@/lib/pages";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env";
import { clientAddressSource } from "@/lib/http/origin";
import { log } from "@/lib/log";
import { plugInBundledUpstream } from "@/lib/momo/config";
import { upstream } from "@/lib/momo/upstream";
import { bundledSandbox } from "@/lib/sandbox/bundled";
import { givePaidPlacesBack } from "@/lib/payment-requests/paid";
import { pruneIdempotency } from "@/lib/api-keys";
import { pruneRateLimits } from "@/lib/rate-limit";
import { closeOnSignals } from "@/lib/shutdown";
import { closeMailer, emailOn, sendMail } from "@/lib/email/mailer";
import { type DeliveryHandlers, requeueDue, startDelivery, stopDelivery } from "@/lib/events/delivery";
import { sendDigests, sendInstantEmail } from "@/lib/notifications/email";
import { reportStuckPending } from "@/lib/reconcile/stuck";
import { attemptDelivery, configuredDeliverDeps } from "@/lib/webhooks/deliver";
import { startScheduledBackups, stopScheduledBackups } from "@/lib/backup";

/**
 * A `submitting` row older than this cannot still be waiting on a live request: a request holds
 * its row for at most the upstream timeout plus the few retries of writing the answer (~2 s).
 */
function interruptedAfterMs(): number {
  return env().MOMO_TIMEOUT_MS + 15_000;
}

const SIGNALS_HANDLED = Symbol.for("momo-dashboard.signals");

/**
 * A start that cannot finish: one log line naming the cause, then exit 1, so that a process
 * manager or an orchestrator sees a failed start rather than a live process answering 500s.
 */
export function failedStart(error: unknown): never {
  const cause = error instanceof Error ? error.message : String(error);
  log("error", "start_failed", { cause });
  process.exit(1);
}

export async function startUp(): Promise<void> {
  // The bundled sandbox is the upstream while no MOMO_BASE_URL is set (lib/momo/config.ts).
  plugInBundledUpstream(bundledSandbox);
  // The audit signing key is read (or, on the embedded default, made) before anything is written:
  // a key that cannot be had stops the start here, never a charge's answer mid-way.
  const auditKey = auditSigningKey();
  const db = await getDb();
  closeDatabaseOnStop();
  // Every page served outside the App Router gets its gate and its view (./pages.ts).
  providePages(db);
  // PGlite's folder belongs to one process: at start, every `submitting` row was left by a
  // process that is gone. On PostgreSQL another instance may be mid-request, so only old rows.
  const recovered = await recoverInterrupted(db, env().DATABASE_URL ? interruptedAfterMs() : 0);
  // Bulk batches: this instance takes its share of their rows; the unsent rows of running batches
  // are queued again, since a killed process may have held some of their jobs.
  const opened = await getOpenedDb();
  const boss = await startBatchQueue(
    opened,
    () => {
      const { client, budget } = upstream(db);
      return { db, upstream: client, budget, log: (e, d) => log("error", e, d), stopping: queueStopping };
    },
    log,
  );
  const requeued = await requeueRunning(opened);
  // Events to the bell, email and webhooks, on the same queue; PGlite's claims were all a gone process's.
  await startDelivery(boss, db, () => deliveryHandlers(db), { emailOn, log, onTaken: givePaidPlacesBack });
  const redelivered = await requeueDue(db, boss, env().DATABASE_URL ? undefined : 0);
  const intervalMs = env().SWEEP_INTERVAL_SECONDS * 1000;
  startSweep(async () => {
    try {
      const { client, budget } = upstream(db);
      const report = await sweepOnce({ db, upstream: client, budget }, { intervalMs, interruptedAfterMs: interruptedAfterMs() });
      if (report.recovered || report.checked) log("info", "sweep", report);
    } catch (error) {
      log("error", "sweep_failed", { error });
    }
    await retentionRound(db);
    await requeueStalled(opened).catch((error: unknown) => log("error", "batch_requeue_failed", { error }));
    await reportStuckPending(db, env().RECONCILE_PENDING_MINUTES).catch((error: unknown) => log("error", "stuck_report_failed", { error }));
    await requeueDue(db, boss).catch((error: unknown) => log("error", "delivery_requeue_failed", { error }));
    await pruneIdempotency(db).catch((error: unknown) => log("error", "idempotency_prune_failed", { error }));
    await pruneRateLimits(db).catch((error: unknown) => log("error", "rate_limit_prune_failed", { error }));
    if (emailOn()) {
      await sendDigests(db, sendMail, { hour: env().DIGEST_HOUR }).catch((error: unknown) => log("error", "digest_failed", { error }));
    }
  }, intervalMs);
  // Backups of the embedded database, by the server that holds its folder; PostgreSQL's are pg_dump's.
  const backupDir = env().BACKUP_DIR;
  if (backupDir && opened.kind === "pglite") {
    const schedule = { dir: backupDir, intervalMs: env().BACKUP_INTERVAL_HOURS * 3_600_000, keep: env().BACKUP_KEEP };
    await startScheduledBackups(opened, { ...schedule, passphrase: env().BACKUP_ENCRYPTION_KEY }, log);
  }
  log("info", "started", {
    database: env().DATABASE_URL ? "postgres" : "pglite",
    recoveredInterrupted: recovered,
    batchRowsQueued: requeued,
    deliveriesQueued: redelivered,
    email: emailOn() ? "smtp" : "off",
    sweepSeconds: intervalMs / 1000,
    retentionDays: env().RETENTION_DAYS ?? null,
    backups: backupDir && opened.kind === "pglite" ? { everyHours: env().BACKUP_INTERVAL_HOURS, keep: env().BACKUP_KEEP } : null,
    auditKeyId: auditKey.id,
    // Which address the throttles and the pay page's limits count by (docs/decisions/client-address.md).
    clientAddress: clientAddressSource(),
  });
}

/** What the deliveries' jobs do: a webhook delivery's attempt, a notification's instant email. */
function deliveryHandlers(db: Db): DeliveryHandlers {
  const deps = configuredDeliverDeps(db);
  return { webhook: (id) => attemptDelivery(deps, id), email: (id) => sendInstantEmail(db, emailOn() ? sendMail : null, id) };
}

/** With RETENTION_DAYS, the sweep's rounds also run retention, at most once a day across instances. */
async function retentionRound(db: Db): Promise<void> {
  const days = env().RETENTION_DAYS;
  if (!days) return;
  try {
    const report = await dailyRetention(db, days);
    if (report) log("info", "data_retention", { charges: report.charges, cutoff: report.cutoff, olderThanDays: days });
  } catch (error) {
    log("error", "data_retention_failed", { error });
  }
}

/** SIGTERM and SIGINT close the database once requests under way are done (lib/shutdown.ts). */
function closeDatabaseOnStop() {
  const g = globalThis as { [SIGNALS_HANDLED]?: true };
  if (g[SIGNALS_HANDLED]) return;
  g[SIGNALS_HANDLED] = true;
  // A request holds the server for at most the upstream timeout plus its retries.
  closeOnSignals(
    async () => {
      try {
        await stopDelivery();
        await stopBatchQueue();
        closeMailer();
        await stopSweep();
        await stopScheduledBackups();
        await closeDb();
        log("info", "stopped", { database: env().DATABASE_URL ? "postgres" : "pglite" });
      } catch (error) {
        log("error", "stop_failed", { error });
      }
    },
    { graceMs: interruptedAfterMs() },
  );
}
