// GET /api/charges/export – the history's filtered charges as a CSV download (owner, support)
import { guard } from "@/lib/session/guards";
import { exportCsv, exportHeaders } from "@/lib/history/export";
import { audit } from "@/lib/audit/entries";
import { exportAuditDetail } from "@/lib/history/export-audit";
import { parseHistoryFilters } from "@/lib/history/filters";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const GET = guard(
  "charge:export",
  async (req, member) => {
    const { filters, problems } = parseHistoryFilters(new URL(req.url).searchParams);
    // The page drops a filter it cannot read and says so; a file cannot show that warning, so
    // an export with any unreadable filter is refused rather than wider than was asked for.
    if (Object.keys(problems).length)
      throw new AppError("invalid_filters", "Some filters are not valid; nothing was exported.", { fields: problems });
    const db = await getDb();
    // Customer phone numbers leave the system in this file: who took which selection is kept
    // (without the customer data a search may hold).
    await audit(db, { action: "charges_exported", actor: member, detail: exportAuditDetail(filters) });
    const body = await exportCsv(db, filters, member);
    return new Response(body, { status: 200, headers: exportHeaders() });
  },
  { fresh: true },
);
