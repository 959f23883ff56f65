// GET /api/backup as a use case: the owner's download of a backup, the same file a scheduled
// backup writes (lib/backup/format.ts). The download is audited before the backup is taken, so
// the file holds its own entry.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { audit } from "@/lib/audit";
import { getOpenedDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { backupName } from "./files";
import { takeBackup } from "./take";
import type { BackupView } from "./types";

/** What Settings says of backups: who keeps them, whether they are encrypted, the schedule. */
export async function backupSettings(): Promise<BackupView> {
  const e = env();
  const opened = await getOpenedDb();
  return {
    embedded: opened.kind === "pglite",
    encrypted: !!e.BACKUP_ENCRYPTION_KEY,
    schedule: e.BACKUP_DIR ? { everyHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP } : null,
  };
}

export async function downloadBackup({ db, member, caller }: Asker): Promise<{ body: Buffer; headers: Headers }> {
  const opened = await getOpenedDb();
  if (opened.kind !== "pglite") throw new AppError("backups_elsewhere");
  const passphrase = env().BACKUP_ENCRYPTION_KEY;
  const started = Date.now();
  // Every customer's number leaves in this file: who took it is kept first.
  await audit(db, { action: "backup_downloaded", actor: member, ip: caller.ip, detail: { encrypted: !!passphrase } });
  const taken = await takeBackup(opened, passphrase);
  const name = backupName(new Date(taken.manifest.takenAt));
  log("info", "backup_taken", { file: name, bytes: taken.bytes, ms: Date.now() - started, encrypted: !!passphrase, downloaded: true });
  const headers = new Headers({
    "content-type": "application/octet-stream",
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "no-store",
  });
  return { body: taken.file, headers };
}
