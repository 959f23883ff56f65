// The batches, newest first (components/ui/data-table.tsx: a table from 640 px, one card per batch below).
import { TextLink } from "@/components/ui/link";
import { BATCH_STATUS_LABELS, type BatchView } from "@/lib/batches/view";
import { formatMoney } from "@/lib/money";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { BatchStatusBadge } from "./batch-status-badge";

/** The columns, the times in the business's zone. */
const columns = (zone: string): Column<BatchView>[] => [
  {
    header: "Batch",
    className: "font-medium",
    cell: (b) => (
      <TextLink tap href={`/batches/${b.id}`}>
        {b.label}
      </TextLink>
    ),
  },
  {
    header: "Status",
    cell: (b) => (
      <>
        <BatchStatusBadge status={b.status} />
        <span className="sr-only"> {BATCH_STATUS_LABELS[b.status]}</span>
      </>
    ),
  },
  { header: "Rows", numeric: true, cell: (b) => `${b.counts.sent.toLocaleString("en")} of ${b.rowCount.toLocaleString("en")} sent` },
  {
    header: "Total",
    numeric: true,
    cell: (b) =>
      Object.entries(b.totals)
        .map(([c, m]) => formatMoney(m, c))
        .join(" + "),
  },
  {
    header: "Prepared",
    className: "text-ink-muted",
    cell: (b) => (
      <>
        {b.createdBy?.name ?? "—"}, <DateTime iso={b.createdAt} zone={zone} />
      </>
    ),
  },
];

export function BatchesTable({ batches, zone }: { batches: BatchView[]; zone: string }) {
  return (
    <DataTable rows={batches} columns={columns(zone)} caption="Bulk batches, newest first" rowKey={(b) => b.id} rowTestId="batch-row" />
  );
}
