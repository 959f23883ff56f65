// Backups of the embedded database: scheduled (started by lib/startup.ts) and downloaded from
// Settings. Restore is a command (scripts/db-restore.ts, ./restore.ts), with the server stopped.
export { backupSettings, downloadBackup } from "./download";
export { startScheduledBackups, stopScheduledBackups } from "./schedule";
