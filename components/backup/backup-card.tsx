// Settings' Backups section: on the embedded database, what a backup holds, whether it is
// encrypted, the schedule, and the owner's download (after a recent proof); on PostgreSQL, that
// backups are the database's own (pg_dump).
import { ExportLink } from "@/components/history/export-link";
import { Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button-class";
import type { BackupView } from "@/lib/backup/types";

const hours = (n: number) => (n === 1 ? "hour" : `${n.toLocaleString("en")} hours`);

export function BackupCard({ view }: { view: BackupView }) {
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold">Backups</h2>
      {view.embedded ? (
        <div className="space-y-3 text-sm">
          <p>
            A backup is the whole database in one file: charges, customers and their numbers, the team and the audit log. Restore it on the
            server with <code>npm run db:restore</code>.
          </p>
          <p data-testid="backup-encryption">
            {view.encrypted
              ? "Backups are encrypted with the server's backup key: keep that key apart from the files."
              : "Backups are not encrypted: keep each file as safely as customers' personal data."}
          </p>
          <p data-testid="backup-schedule">
            {view.schedule
              ? `The server also takes one every ${hours(view.schedule.everyHours)} and keeps the last ${view.schedule.keep}.`
              : "The server takes none on a schedule (BACKUP_DIR is not set)."}
          </p>
          <ExportLink href="/api/backup" className={buttonClass("secondary")}>
            Download a backup
          </ExportLink>
        </div>
      ) : (
        <p className="text-sm" data-testid="backup-postgres">
          This dashboard runs on PostgreSQL: its backups are PostgreSQL's own (pg_dump, and point-in-time recovery where your host offers
          it), as the operations guide describes.
        </p>
      )}
    </Card>
  );
}
