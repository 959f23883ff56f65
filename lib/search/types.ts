// What the search results page shows (pages/search.tsx, components/search/): plain data.
import type { BatchView } from "@/lib/batches/view";
import type { ChargeView } from "@/lib/charges/view";
import type { CustomerView } from "@/lib/customers/view";
import type { PaymentRequestView } from "@/lib/payment-requests/view";

export type SearchView = {
  /** What was typed, as the box shows it again. */
  q: string;
  /** Why nothing was searched (an empty or unreadable search, or the hourly limit of searches by number). */
  problem: string | null;
  timeZone: string;
  charges: {
    rows: ChargeView[];
    customers: Record<string, { id: string; name: string }>;
    all: string | null;
    /** Why charges were not searched though the rest was (a description search of fewer than 3 characters). */
    note: string | null;
  };
  customers: { rows: CustomerView[]; all: string | null };
  payLinks: PaymentRequestView[];
  batches: BatchView[];
};

/** The list under the search box as one types (./suggestions.ts; components/search/combobox-script.ts shows it). */
export type Suggestion = { href: string; label: string; detail: string };
export type SuggestionGroup = { kind: "charges" | "customers" | "payLinks" | "batches"; title: string; items: Suggestion[] };
export type Suggestions = {
  q: string;
  /** Why nothing was searched (as the results page says it). */
  problem: string | null;
  /** Why charges were not searched though the rest was. */
  note: string | null;
  /** What the list says above its matches: why nothing was searched, that nothing matched, or the note. */
  message: string | null;
  /** What a screen reader hears when the list opens: how many matched (null: the message). */
  count: string | null;
  groups: SuggestionGroup[];
  /** The results page for the same search: every kind, more of each. */
  all: string;
};
