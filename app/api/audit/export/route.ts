// GET /api/audit/export?member=&action=&from=&to= – the filtered audit log as a CSV download (owner)
import { audit } from "@/lib/audit/entries";
import { exportAuditCsv, auditExportHeaders } from "@/lib/audit/export";
import { auditFiltersToParams, parseAuditFilters } from "@/lib/audit/filters";
import { guard } from "@/lib/session/guards";
import { listMembers } from "@/lib/team/members";
import { currentBusiness } from "@/lib/business/current";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const GET = guard(
  "audit:read",
  async (req, member) => {
    const { filters, problems } = parseAuditFilters(new URL(req.url).searchParams);
    // A file cannot show which filter was dropped: refused rather than wider than was asked for.
    if (Object.keys(problems).length)
      throw new AppError("invalid_filters", "Some filters are not valid; nothing was exported.", { fields: problems });
    const db = await getDb();
    const [{ timeZone }, members] = await Promise.all([currentBusiness(), listMembers(db)]);
    const names = new Map(members.map((m) => [m.id, m.name]));
    // The log leaves the system in this file: who took which selection is itself in the log
    // (written first, so the file includes its own export when the filters select it).
    await audit(db, { action: "audit_exported", actor: member, detail: { filters: auditFiltersToParams(filters).toString() || "(none)" } });
    const body = await exportAuditCsv(db, { filters, timeZone, memberName: (id) => names.get(id) });
    return new Response(body, { status: 200, headers: auditExportHeaders() });
  },
  // Like every export: the password (or a code) again when the last proof is over REAUTH_MINUTES old.
  { fresh: true },
);
