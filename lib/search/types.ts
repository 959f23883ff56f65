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
