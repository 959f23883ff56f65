// GET /api/charges/export as a use case: the file's format and the history's filters from the URL,
// the export audited, the file (CSV or XLSX, one path) as a stream.
import "server-only";
import { audit } from "@/lib/audit";
import { currentBusiness } from "@/lib/business";
import { AppError } from "@/lib/errors";
import type { Asker } from "@/lib/access/types";
import { exportFile, exportFormat, exportHeaders } from "./export";
import { exportAuditDetail } from "./export-audit";
import { parseHistoryFilters } from "./filters";

export async function exportHistory({ db, member }: Asker, params: URLSearchParams) {
  const format = exportFormat(params.get("format"));
  const { timeZone } = await currentBusiness();
  const { filters, problems } = parseHistoryFilters(params, timeZone);
  // The page drops a filter it cannot read and says so; a file cannot show that warning, so
  // an export with any unreadable filter is refused rather than wider than was asked for.
  if (Object.keys(problems).length)
    throw new AppError("invalid_filters", "Some filters are not valid; nothing was exported.", { fields: problems });
  // Customer phone numbers leave the system in this file: who took which selection is kept
  // (without the customer data a search may hold).
  // An XLSX export says so; an entry without a format is a CSV one (as every entry before XLSX was).
  const detail = { ...exportAuditDetail(filters), ...(format === "csv" ? {} : { format }) };
  await audit(db, { action: "charges_exported", actor: member, detail });
  return { body: await exportFile(db, filters, member, timeZone, format), headers: exportHeaders(timeZone, new Date(), format) };
}
