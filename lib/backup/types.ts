// What Settings shows of the backups (lib/backup/download.ts, backupSettings): types only, safe for the browser.

/** Whether the database is the embedded one (backed up here), whether backups are encrypted, and the schedule. */
export type BackupView = { embedded: boolean; encrypted: boolean; schedule: { everyHours: number; keep: number } | null };
