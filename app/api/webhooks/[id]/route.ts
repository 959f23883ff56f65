// GET    /api/webhooks/{id} – one endpoint (owner)
// PATCH  /api/webhooks/{id} – change its address, events, whole numbers, on/off (owner, a recent proof)
// DELETE /api/webhooks/{id} – delete it and its log (owner, a recent proof)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { changeEndpoint, deleteEndpoint, getEndpoint } from "@/lib/webhooks/endpoints";
import { endpointChangeSchema } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

const params = idParams("No such webhook endpoint.");

export const GET = route("webhook:manage", { params }, async ({ db, params }) => ({ endpoint: await getEndpoint(db, params.id) }));

export const PATCH = route("webhook:manage", { params, body: endpointChangeSchema, fresh: true }, async (ctx) => ({
  endpoint: await changeEndpoint(ctx, ctx.params.id, ctx.body),
}));

export const DELETE = route("webhook:manage", { params, fresh: true }, async (ctx) => {
  await deleteEndpoint(ctx, ctx.params.id);
  return null;
});
