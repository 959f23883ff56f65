// GET /api/audit/export?member=&action=&from=&to=&batch= – the filtered audit log as a CSV download (owner;
// like every export, the password or a code again when the last proof is over REAUTH_MINUTES old)
import { exportAuditLog } from "@/lib/audit-log/requests";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("audit:read", { fresh: true }, async (ctx) => {
  const file = await exportAuditLog(ctx, ctx.url.searchParams);
  return new Response(file.body, { headers: file.headers });
});
