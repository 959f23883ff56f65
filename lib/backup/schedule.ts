// Scheduled backups of the embedded database (BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP),
// taken by the server that holds the folder. The next one is due an interval after the newest
// file in the folder, so a server restarted more often than the interval still takes them.
import { mkdir } from "node:fs/promises";
import type { OpenedDb } from "@/lib/db/open";
import { backupName, newestBackupAt, pruneBackups, writeWhole } from "./files";
import { takeBackup } from "./take";

export type BackupSchedule = { dir: string; intervalMs: number; keep: number; passphrase?: string };
type Log = (level: "info" | "error", event: string, detail: Record<string, unknown>) => void;

/** Takes one backup into the folder and removes the oldest beyond `keep`; logs it (name, size, time), never data. */
export async function backupOnce(opened: OpenedDb, schedule: BackupSchedule, log: Log): Promise<boolean> {
  const started = Date.now();
  try {
    await mkdir(schedule.dir, { recursive: true, mode: 0o700 });
    const taken = await takeBackup(opened, schedule.passphrase);
    const name = backupName(new Date(taken.manifest.takenAt));
    await writeWhole(schedule.dir, name, taken.file);
    const removed = await pruneBackups(schedule.dir, schedule.keep);
    log("info", "backup_taken", {
      file: name,
      bytes: taken.bytes,
      ms: Date.now() - started,
      encrypted: !!schedule.passphrase,
      removed: removed.length,
    });
    return true;
  } catch (error) {
    log("error", "backup_failed", { error });
    return false;
  }
}

const KEY = Symbol.for("momo-dashboard.backups");
type Holder = { [KEY]?: () => Promise<void> };

/** The wait before the next backup: an interval after the newest one, at once if that is past. */
export function nextBackupInMs(newest: Date | null, intervalMs: number, now = Date.now()): number {
  return newest ? Math.max(0, newest.getTime() + intervalMs - now) : 0;
}

/** Starts the schedule (once per process). */
export async function startScheduledBackups(opened: OpenedDb, schedule: BackupSchedule, log: Log): Promise<void> {
  const g = globalThis as Holder;
  if (g[KEY]) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const plan = (ms: number) => {
    timer = setTimeout(() => {
      running = backupOnce(opened, schedule, log).finally(() => {
        running = null;
        if (!stopped) plan(schedule.intervalMs);
      });
    }, ms);
    timer.unref();
  };
  plan(nextBackupInMs(await newestBackupAt(schedule.dir), schedule.intervalMs));
  g[KEY] = async () => {
    stopped = true;
    clearTimeout(timer);
    delete g[KEY];
    await running;
  };
}

/** Stops the schedule; resolves once a backup under way is written, so the database may close. */
export async function stopScheduledBackups(): Promise<void> {
  await (globalThis as Holder)[KEY]?.();
}
