import Link from "next/link";
import type { ChargeView } from "@/lib/charges/view";
import { providerLabel } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { PhoneNumber } from "./phone-number";
import { ReversalBadge } from "./reversal-badge";
import { StatusBadge } from "./status-badge";
import { EmptyValue } from "./ui/empty-value";
import { DateTime } from "./time-zone";

/** `link` opens a row under another address (the reconcile queue's own), keeping `search`. */
export function ChargesTable({
  charges,
  caption = "Recent charges, newest first",
  link = { base: "/transactions", search: "" },
}: {
  charges: ChargeView[];
  caption?: string;
  link?: { base: string; search: string };
}) {
  return (
    <div className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-line bg-canvas text-xs uppercase tracking-wide text-ink-muted sm:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Time
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Description
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              By
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {charges.map((c) => (
            <tr
              key={c.id}
              data-testid="charge-row"
              className="group/row relative grid grid-cols-2 gap-1 px-4 py-3 hover:bg-canvas sm:table-row sm:p-0"
            >
              <td className="text-ink-muted sm:px-4 sm:py-3">
                {/* Not prefetched: fifty rows in view would ask the server for fifty result views
                    (each a session check) on every visit to the list. */}
                <Link
                  href={`${link.base}/${c.id}${link.search}`}
                  prefetch={false}
                  aria-describedby={c.description ? `description-${c.id}` : undefined}
                  className="after:absolute after:inset-0 focus-visible:outline-none"
                >
                  <DateTime iso={c.createdAt} />
                </Link>
              </td>
              <td className="order-3 sm:px-4 sm:py-3">
                <PhoneNumber charge={c} className="font-medium" />
                <span className="block text-xs text-ink-muted">{providerLabel(c.provider)}</span>
              </td>
              {/* Cut to one line in the list: the full text shows on hover (title), and when the row's
                  link has focus it is the link's description and the cell wraps to show it all. */}
              <td
                id={`description-${c.id}`}
                title={c.description || undefined}
                className="order-5 col-span-2 truncate text-ink-muted group-focus-within/row:whitespace-normal group-focus-within/row:break-words sm:max-w-56 sm:px-4 sm:py-3"
              >
                {c.description || <EmptyValue />}
              </td>
              <td
                className="order-6 col-span-2 truncate text-xs text-ink-muted sm:max-w-40 sm:px-4 sm:py-3 sm:text-sm"
                title={c.createdBy?.email}
              >
                {c.createdBy ? (
                  <>
                    <span className="sm:hidden">By </span>
                    {c.createdBy.name}
                  </>
                ) : (
                  <EmptyValue />
                )}
              </td>
              <td className="order-4 text-right font-semibold tabular-nums sm:px-4 sm:py-3">{formatMoney(c.amountMinor, c.currency)}</td>
              <td className="order-2 text-right sm:px-4 sm:py-3 sm:text-left">
                <StatusBadge status={c.status} /> <ReversalBadge charge={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
