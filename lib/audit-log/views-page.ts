// The audit log page as the saved views know it (lib/saved-views/): its own filters (member, event,
// from, to, bulk batch), read by the log's filter schema (./filters.ts); never a page of it.
import "server-only";
import type { ViewsPage } from "@/lib/saved-views";
import { auditFiltersToParams, parseAuditFilters } from "./filters";

export const auditViews: ViewsPage = {
  page: "audit",
  path: "/audit",
  read(params) {
    const { filters, problems } = parseAuditFilters(params);
    return { query: auditFiltersToParams(filters), problems };
  },
  labels: { member: "Member", action: "Event", from: "From", to: "To", batch: "Bulk batch" },
};
