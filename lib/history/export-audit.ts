// What the audit log keeps of an export's selection. The filters are kept as the page's
// address (so the owner can open the same list), except a search for a phone number or for
// words in descriptions: those are customer data, and no audit entry carries them (docs/operations.md,
// "Personal data"). A phone number is kept masked, description words not at all.
import { normalizePhone } from "@/lib/market/networks";
import { retainedPhone } from "@/lib/market/phone-mask";
import { filtersToParams, searchKind, type HistoryFilters } from "./filters";

export type ExportAuditDetail = { filters: string; search?: { kind: "phone"; shown: string } | { kind: "description" } };

export function exportAuditDetail(filters: HistoryFilters): ExportAuditDetail {
  const q = filters.q;
  const kind = q ? searchKind(q) : null;
  const kept = kind === "phone" || kind === "description" ? { ...filters, q: undefined } : filters;
  const params = filtersToParams(kept).toString() || "(none)";
  if (q && kind === "phone") return { filters: params, search: { kind, shown: retainedPhone(normalizePhone(q)) } };
  if (kind === "description") return { filters: params, search: { kind } };
  return { filters: params };
}
