// The owner's endpoints (components/ui/data-table.tsx: a table from 640 px, one card each below).
import { type Column, DataTable } from "@/components/ui/data-table";
import Link from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { groupDigits } from "@/lib/format";
import type { EndpointView } from "@/lib/webhooks/view";
import { AttemptBadge, EndpointStatusBadge } from "./endpoint-status-badge";

/** The columns, the times in the business's zone. */
const columns = (zone: string): Column<EndpointView>[] => [
  {
    header: "Endpoint",
    className: "min-w-0 sm:max-w-80",
    cell: (e) => (
      <>
        <Link href={`/settings/webhooks/${e.id}`} className="font-mono text-sm break-all text-link underline">
          {e.url}
        </Link>
        {e.description ? <span className="mt-0.5 block text-ink-muted">{e.description}</span> : null}
      </>
    ),
  },
  {
    header: "Events",
    className: "font-mono text-xs",
    cell: (e) => (
      <ul aria-label="Events">
        {e.eventTypes.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    ),
  },
  { header: "Status", cell: (e) => <EndpointStatusBadge status={e.status} /> },
  {
    header: "Last attempt",
    cell: (e) =>
      e.lastAttempt ? (
        <span className="flex flex-wrap items-center gap-2">
          <AttemptBadge ok={e.lastAttempt.ok} statusCode={e.lastAttempt.statusCode} />
          <DateTime iso={e.lastAttempt.at} zone={zone} className="text-ink-muted" />
        </span>
      ) : (
        <span className="text-ink-muted">None yet</span>
      ),
  },
  { header: "Waiting", numeric: true, testId: "endpoint-pending", cell: (e) => <Count n={e.pending} what="waiting to be sent" /> },
  { header: "Failed", numeric: true, testId: "endpoint-failed", cell: (e) => <Count n={e.failed} what="failed" /> },
];

/** On a phone the heading row is hidden: each number says what it counts. */
function Count({ n, what }: { n: number; what: string }) {
  return (
    <>
      {groupDigits(n)}
      <span className="sm:sr-only"> {what}</span>
    </>
  );
}

export function EndpointsTable({ endpoints, zone }: { endpoints: EndpointView[]; zone: string }) {
  return <DataTable rows={endpoints} columns={columns(zone)} caption="Webhook endpoints" rowKey={(e) => e.id} rowTestId="endpoint-row" />;
}
