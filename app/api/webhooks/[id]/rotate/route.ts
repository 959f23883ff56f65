// POST /api/webhooks/{id}/rotate – a new signing secret, shown in this answer only; the old one
// signs beside it for 24 hours (owner, a recent proof)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const POST = route("webhook:manage", { params: idParams("No such webhook endpoint."), fresh: true }, async (ctx) => {
  const shown = await rotateSecret(ctx, ctx.params.id);
  return Response.json(shown, { headers: { "cache-control": "no-store" } });
});
