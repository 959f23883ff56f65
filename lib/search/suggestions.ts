// The list under the search box as one types (components/search/combobox-script.ts asks
// GET /api/search for it): the same search as the results page (./results.ts), fewer of each kind,
// each match as two lines of words made here — the browser formats nothing and inserts them as
// text. Numbers are as the results page shows them to the member (masked as their role requires).
import "server-only";
import type { Asker } from "@/lib/access/types";
import { BATCH_STATUS_LABELS } from "@/lib/batches/view";
import { countOf, formatDateTime } from "@/lib/format";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { statusLabel } from "@/lib/market/statuses";
import { formatMoney } from "@/lib/money";
import { requestAmountText } from "@/lib/payment-requests";
import { REQUEST_STATUS_LABELS } from "@/lib/payment-requests/shape";
import { searchEverything } from "./results";
import type { SearchView, SuggestionGroup, Suggestions } from "./types";

/** How many of each kind the list under the box shows (the results page shows more). */
export const SUGGESTED = 3;

const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");

export function suggestionsOf(v: SearchView): Suggestions {
  const groups: SuggestionGroup[] = [
    {
      kind: "charges",
      title: "Charges",
      items: v.charges.rows.map((c) => ({
        href: `/transactions/${c.id}`,
        label: line(formatMoney(c.amountMinor, c.currency), statusLabel(c.status), c.description),
        detail: line(
          v.charges.customers[c.id]?.name,
          formatPhone(c.phoneNumber),
          providerLabel(c.provider),
          formatDateTime(c.createdAt, v.timeZone),
        ),
      })),
    },
    {
      kind: "customers",
      title: "Customers",
      items: v.customers.rows.map((c) => ({
        href: `/customers/${c.id}`,
        label: c.name,
        detail: line(formatPhone(c.phoneNumber), providerLabel(c.provider), c.reference),
      })),
    },
    {
      kind: "payLinks",
      title: "Pay links",
      items: v.payLinks.map((r) => ({
        href: `/pay-links/${r.id}`,
        label: r.description,
        detail: line(r.reference, requestAmountText(r.amount, r.currency), REQUEST_STATUS_LABELS[r.status]),
      })),
    },
    {
      kind: "batches",
      title: "Bulk batches",
      items: v.batches.map((b) => ({
        href: `/batches/${b.id}`,
        label: b.label,
        detail: line(BATCH_STATUS_LABELS[b.status], `${b.rowCount.toLocaleString("en")} rows`, formatDateTime(b.createdAt, v.timeZone)),
      })),
    },
  ];
  const found = groups.filter((g) => g.items.length);
  const shown = found.reduce((n, g) => n + g.items.length, 0);
  const note = v.charges.note ? `Charges: ${v.charges.note}.` : null;
  return {
    q: v.q,
    problem: v.problem,
    note: v.charges.note,
    message: v.problem ?? (shown ? note : [`Nothing matches “${v.q}”.`, note].filter(Boolean).join(" ")),
    count: v.problem || !shown ? null : `${countOf(shown, "match", "matches")}. Use the down arrow to choose.`,
    groups: found,
    all: `/search?${new URLSearchParams({ q: v.q })}`,
  };
}

export async function searchSuggestions(ctx: Asker, q: string): Promise<Suggestions> {
  return suggestionsOf(await searchEverything(ctx, q, SUGGESTED));
}
