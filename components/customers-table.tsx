// The directory's rows: a table from 640 px, one card per customer below (no sideways scroll).
import Link from "next/link";
import type { CustomerView } from "@/lib/customers/view";
import { formatPhone, providerLabel } from "@/lib/market/networks";

export function CustomersTable({ customers }: { customers: CustomerView[] }) {
  return (
    <div className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Customers, by name</caption>
        <thead className="hidden border-b border-line bg-canvas text-left text-xs uppercase text-ink-muted sm:table-header-group">
          <tr>
            <th className="px-4 py-3">Name</th>
            <th className="px-4 py-3">Number</th>
            <th className="px-4 py-3">Network</th>
            <th className="px-4 py-3">Reference</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr
              key={c.id}
              data-testid="customer-row"
              className="flex flex-col gap-1 border-b border-line px-4 py-3 last:border-0 sm:table-row sm:p-0"
            >
              <td className="font-medium sm:px-4 sm:py-3">
                <Link href={`/customers/${c.id}`} className="text-link underline">
                  {c.name}
                </Link>
              </td>
              <td className="tabular-nums sm:px-4 sm:py-3" data-testid="customer-phone">
                {formatPhone(c.phoneNumber)}
              </td>
              <td className="text-ink-muted sm:px-4 sm:py-3">{providerLabel(c.provider)}</td>
              <td className="text-ink-muted sm:px-4 sm:py-3">{c.reference ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
