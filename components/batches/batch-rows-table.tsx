// A batch's rows in file order, each with how far it got and a link to the charge it became.
import Link from "next/link";
import type { BatchRowView } from "@/lib/batches/view";
import { formatPhone } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { StatusBadge } from "@/components/status-badge";

const STATE_WORDS: Record<BatchRowView["state"], string> = { queued: "Waiting", sending: "Sending", sent: "Sent", cancelled: "Not sent" };

export function BatchRowsTable({ rows }: { rows: BatchRowView[] }) {
  return (
    <div className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">The batch's rows, in file order</caption>
        <thead className="hidden border-b border-line bg-canvas text-left text-xs uppercase text-ink-muted sm:table-header-group">
          <tr>
            <th className="px-4 py-3">Row</th>
            <th className="px-4 py-3">Number</th>
            <th className="px-4 py-3 text-right">Amount</th>
            <th className="px-4 py-3">Description</th>
            <th className="px-4 py-3">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.rowNumber}
              data-testid="batch-row-line"
              className="flex flex-col gap-1 border-b border-line px-4 py-3 last:border-0 sm:table-row sm:p-0"
            >
              <td className="tabular-nums text-ink-muted sm:px-4 sm:py-3">
                <span className="sm:hidden">Row </span>
                {r.rowNumber}
              </td>
              <td className="tabular-nums sm:px-4 sm:py-3" data-testid="batch-row-phone">
                {formatPhone(r.phoneNumber)}
                {r.customerReference ? <span className="block text-xs text-ink-muted">{r.customerReference}</span> : null}
              </td>
              <td className="tabular-nums sm:px-4 sm:py-3 sm:text-right">{formatMoney(r.amountMinor, r.currency)}</td>
              <td className="break-words sm:px-4 sm:py-3">{r.description}</td>
              <td className="sm:px-4 sm:py-3">
                {r.charge ? (
                  <Link href={`/transactions/${r.charge.id}`} className="inline-flex items-center gap-2 text-link underline">
                    <StatusBadge status={r.charge.status} />
                    <span>{r.charge.reference ?? "View charge"}</span>
                  </Link>
                ) : (
                  <span className="text-ink-muted">{STATE_WORDS[r.state]}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
