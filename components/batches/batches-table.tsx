// The batches, newest first: a table from 640 px, one card per batch below.
import Link from "next/link";
import { BATCH_STATUS_LABELS, type BatchView } from "@/lib/batches/view";
import { formatMoney } from "@/lib/money";
import { DateTime } from "@/components/time-zone";
import { BatchStatusBadge } from "./batch-status-badge";

export function BatchesTable({ batches }: { batches: BatchView[] }) {
  return (
    <div className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Bulk batches, newest first</caption>
        <thead className="hidden border-b border-line bg-canvas text-left text-xs uppercase text-ink-muted sm:table-header-group">
          <tr>
            <th className="px-4 py-3">Batch</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3 text-right">Rows</th>
            <th className="px-4 py-3 text-right">Total</th>
            <th className="px-4 py-3">Prepared</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((b) => (
            <tr
              key={b.id}
              data-testid="batch-row"
              className="flex flex-col gap-1 border-b border-line px-4 py-3 last:border-0 sm:table-row sm:p-0"
            >
              <td className="font-medium sm:px-4 sm:py-3">
                <Link href={`/batches/${b.id}`} className="text-link underline">
                  {b.label}
                </Link>
              </td>
              <td className="sm:px-4 sm:py-3">
                <BatchStatusBadge status={b.status} />
                <span className="sr-only"> {BATCH_STATUS_LABELS[b.status]}</span>
              </td>
              <td className="tabular-nums sm:px-4 sm:py-3 sm:text-right">
                {b.counts.sent.toLocaleString("en")} of {b.rowCount.toLocaleString("en")} sent
              </td>
              <td className="tabular-nums sm:px-4 sm:py-3 sm:text-right">
                {Object.entries(b.totals)
                  .map(([c, m]) => formatMoney(m, c))
                  .join(" + ")}
              </td>
              <td className="text-ink-muted sm:px-4 sm:py-3">
                {b.createdBy?.name ?? "—"}, <DateTime iso={b.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
