// A pay link's attempts, newest first: each is a charge of its own, opened from here.
import { StatusBadge } from "@/components/charges/status-badge";
import Link from "@/components/ui/link";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import type { RequestAttemptView } from "@/lib/payment-requests/view";

/** The columns, each attempt's time written in `zone` (the business's) on the server. */
const columns = (zone: string): Column<RequestAttemptView>[] => [
  {
    header: "When",
    cell: (a) => (
      <Link href={`/transactions/${a.chargeId}`} className="text-link underline">
        <DateTime iso={a.createdAt} zone={zone} />
      </Link>
    ),
  },
  { header: "Status", cell: (a) => <StatusBadge status={a.status} /> },
  { header: "Amount", numeric: true, cell: (a) => formatMoney(a.amountMinor, a.currency) },
  { header: "Number", cell: (a) => `${formatPhone(a.phoneNumber)} · ${providerLabel(a.provider)}` },
  { header: "Reference", className: "font-mono text-xs", cell: (a) => a.reference ?? "—" },
];

export function AttemptsTable({ attempts, zone }: { attempts: RequestAttemptView[]; zone: string }) {
  return (
    <DataTable
      rows={attempts}
      columns={columns(zone)}
      caption="Attempts to pay, newest first"
      rowKey={(a) => a.chargeId}
      rowTestId="attempt-row"
    />
  );
}
