// A batch's rows in file order, each with how far it got and a link to the charge it became
// (components/ui/data-table.tsx: a table from 640 px, one card per row below).
import Link from "@/components/ui/link";
import type { BatchRowView } from "@/lib/batches/view";
import { formatPhone } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { StatusBadge } from "@/components/charges/status-badge";
import { type Column, DataTable } from "@/components/ui/data-table";

const STATE_WORDS: Record<BatchRowView["state"], string> = {
  queued: "Waiting",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Not sent",
  skipped: "Skipped: a possible duplicate",
};

const COLUMNS: Column<BatchRowView>[] = [
  {
    header: "Line",
    className: "tabular-nums text-ink-muted",
    cell: (r) => (
      <>
        <span className="sm:hidden">Line </span>
        {r.rowNumber}
      </>
    ),
  },
  {
    header: "Number",
    className: "tabular-nums",
    testId: "batch-row-phone",
    cell: (r) => (
      <>
        {formatPhone(r.phoneNumber)}
        {r.customerReference ? <span className="block text-xs text-ink-muted">{r.customerReference}</span> : null}
      </>
    ),
  },
  { header: "Amount", numeric: true, cell: (r) => formatMoney(r.amountMinor, r.currency) },
  { header: "Description", className: "break-words", cell: (r) => r.description },
  {
    header: "Outcome",
    cell: (r) =>
      r.charge ? (
        <Link href={`/transactions/${r.charge.id}`} className="inline-flex items-center gap-2 text-link underline">
          <StatusBadge status={r.charge.status} />
          <span>{r.charge.reference ?? "View charge"}</span>
        </Link>
      ) : (
        <span className="text-ink-muted">{STATE_WORDS[r.state]}</span>
      ),
  },
];

export function BatchRowsTable({ rows }: { rows: BatchRowView[] }) {
  return (
    <DataTable
      rows={rows}
      columns={COLUMNS}
      caption="The batch's rows, by their line in the file"
      rowKey={(r) => r.rowNumber}
      rowTestId="batch-row-line"
    />
  );
}
