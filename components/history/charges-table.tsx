import type { ChargeView } from "@/lib/charges/view";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { ChargeRows, type ChargeRow } from "./charge-rows";
import { phoneHiddenReason } from "@/components/charges/phone-number";
import { Card } from "@/components/ui/card";

/**
 * A row as its strings, made here: the browser formats nothing. (The first date a page formats in
 * the browser costs Chromium 15–20 ms of building its Intl data on this machine, over 150 ms on
 * the phone Lighthouse stands for, in the middle of hydration.)
 */
function chargeRow(c: ChargeView, customer: string | null, timeZone: string): ChargeRow {
  return {
    id: c.id,
    createdAt: c.createdAt,
    when: formatDateTime(c.createdAt, timeZone),
    phone: formatPhone(c.phoneNumber),
    phoneHidden: phoneHiddenReason(c),
    network: providerLabel(c.provider),
    customer,
    reference: c.reference,
    description: c.description,
    by: c.createdBy ? { name: c.createdBy.name, email: c.createdBy.email } : null,
    payLink: c.payLink,
    amount: formatMoney(c.amountMinor, c.currency),
    status: c.status,
    amountMinor: c.amountMinor,
    reversedMinor: c.reversedMinor,
  };
}

/**
 * `link` opens a row under another address (the reconcile queue's own), keeping `search`. The
 * rows (./charge-rows.tsx) are styled by the `.charges-table` rules in app/globals.css rather
 * than utility classes repeated in every row.
 */
export function ChargesTable({
  charges,
  caption = "Recent charges, newest first",
  link = { base: "/transactions", search: "" },
  customers = {},
  timeZone,
}: {
  charges: ChargeView[];
  /** The business's time zone, in which the rows' times are written (lib/business/current.ts). */
  timeZone: string;
  /** The directory's customer of a row's number, by charge id. */
  customers?: Record<string, { name: string }>;
  caption?: string;
  link?: { base: string; search: string };
}) {
  return (
    <Card as="div" flush className="overflow-hidden">
      <table className="charges-table w-full text-left text-sm">
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
              Reference
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
        <ChargeRows rows={charges.map((c) => chargeRow(c, customers[c.id]?.name ?? null, timeZone))} link={link} />
      </table>
    </Card>
  );
}
