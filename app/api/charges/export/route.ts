// GET /api/charges/export – the history's filtered charges as a CSV download, or XLSX with
// ?format=xlsx (owner, support; the password or a code again when the last proof is over
// REAUTH_MINUTES old)
import { exportHistory } from "@/lib/history/export-request";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("charge:export", { fresh: true }, async (ctx) => {
  const file = await exportHistory(ctx, ctx.url.searchParams);
  return new Response(file.body, { headers: file.headers });
});
