// GET /api/audit?member=&action=&from=&to=&before={id} – the audit log, filtered, newest first, 100 a page (owner)
import { auditPage } from "@/lib/audit/requests";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("audit:read", {}, (ctx) => auditPage(ctx, ctx.url.searchParams));
