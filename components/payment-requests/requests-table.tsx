// The pay links, newest first (components/ui/data-table.tsx: a table from 640 px, one card each below).
import { TextLink } from "@/components/ui/link";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import type { PaymentRequestView } from "@/lib/payment-requests/view";
import { paymentsText, REQUEST_STATUS_LABELS, requestAmountText } from "@/lib/payment-requests/shape";
import { RequestStatusBadge } from "./request-status-badge";

/** The columns, the times in the business's zone. */
const columns = (zone: string): Column<PaymentRequestView>[] => [
  {
    header: "For",
    className: "font-medium",
    cell: (r) => (
      <TextLink tap href={`/pay-links/${r.id}`}>
        {r.description}
      </TextLink>
    ),
  },
  {
    header: "Status",
    cell: (r) => (
      <>
        <RequestStatusBadge status={r.status} />
        <span className="sr-only"> {REQUEST_STATUS_LABELS[r.status]}</span>
      </>
    ),
  },
  { header: "Amount", numeric: true, cell: (r) => requestAmountText(r.amount, r.currency) },
  { header: "Payments", cell: (r) => paymentsText(r) },
  { header: "Customer", cell: (r) => r.customer?.name ?? "Anyone with the link" },
  {
    header: "Made",
    className: "text-ink-muted",
    cell: (r) => (
      <>
        {r.createdBy?.name ?? "—"}, <DateTime iso={r.createdAt} zone={zone} />
      </>
    ),
  },
];

export function RequestsTable({ requests, zone }: { requests: PaymentRequestView[]; zone: string }) {
  return (
    <DataTable rows={requests} columns={columns(zone)} caption="Pay links, newest first" rowKey={(r) => r.id} rowTestId="request-row" />
  );
}
