// The Transactions page as the saved views know it (lib/saved-views/): its own filters, read by
// the history's filter schema (./filters.ts), and the page size; nothing else of an address is kept.
import "server-only";
import type { ViewsPage } from "@/lib/saved-views";
import { DEFAULT_PAGE_SIZE, filtersToParams, pageSizeOf, parseHistoryFilters, searchKind } from "./filters";

export const transactionsViews: ViewsPage = {
  page: "transactions",
  path: "/transactions",
  read(params) {
    const { filters, problems } = parseHistoryFilters(params);
    const query = filtersToParams(filters);
    // The page size is a view of the list, not a filter: a view keeps it too.
    const size = pageSizeOf(params.get("size") ?? undefined);
    if (size !== DEFAULT_PAGE_SIZE) query.set("size", String(size));
    return { query, problems };
  },
  labels: {
    q: "Search",
    status: "Status",
    network: "Network",
    member: "Made by",
    batch: "Bulk batch",
    request: "Pay link",
    currency: "Currency",
    min: "Min amount",
    max: "Max amount",
    from: "From",
    to: "To",
  },
  // Staff see other members' customers' numbers masked: a team view would spell one out to them.
  shareRefusal: (query) => {
    const q = query.get("q");
    return q && searchKind(q) === "phone"
      ? "A view shared with the team cannot search for a phone number: staff see customers' numbers masked."
      : null;
  },
};
