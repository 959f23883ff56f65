// GET /api/audit?member=&action=&from=&to=&batch=&before={id} – the audit log, filtered, newest first, 100 entries a
// page, one per entry (owner)
import { auditPage } from "@/lib/audit-log/requests";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("audit:read", {}, (ctx) => auditPage(ctx, ctx.url.searchParams));
