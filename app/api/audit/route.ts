// GET /api/audit?member=&action=&from=&to=&before={id} – the audit log, filtered, newest first, 100 a page (owner)
import * as z from "zod";
import "@/lib/zod";
import { listAudit } from "@/lib/audit/entries";
import { auditFiltersToParams, paramOf, parseAuditFilters } from "@/lib/audit/filters";
import { guard } from "@/lib/session/guards";
import { currentBusiness } from "@/lib/business/current";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

const cursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

export const GET = guard("audit:read", async (req) => {
  const params = new URL(req.url).searchParams;
  const { filters, problems } = parseAuditFilters(params);
  const before = cursor.safeParse(paramOf(params, "before") || undefined);
  if (!before.success) problems.before = "Not an entry id";
  // An API caller gets no page to show a dropped filter on: a wider answer would mislead.
  if (Object.keys(problems).length) throw new AppError("invalid_filters", "Some filters are not valid.", { fields: problems });
  const { timeZone } = await currentBusiness();
  const events = await listAudit(await getDb(), { filters, timeZone, before: before.data });
  return Response.json({
    filters: Object.fromEntries(auditFiltersToParams(filters)),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  });
});
