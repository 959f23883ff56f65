// The Reconcile page as the saved views know it (lib/saved-views/): its own filters (status,
// network, age, order), read by the queue's filter schema (./filters.ts); never a page of it.
import "server-only";
import type { ViewsPage } from "@/lib/saved-views";
import { parseQueueFilters, queueFiltersToParams } from "./filters";

export const reconcileViews: ViewsPage = {
  page: "reconcile",
  path: "/reconcile",
  read(params) {
    const { filters, problems } = parseQueueFilters(params);
    return { query: queueFiltersToParams(filters), problems };
  },
  labels: { status: "Status", network: "Network", age: "Older than", order: "Order" },
};
