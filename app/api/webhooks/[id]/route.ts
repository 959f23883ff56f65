// GET    /api/webhooks/{id} – one endpoint (owner)
// PATCH  /api/webhooks/{id} – change its address, events, whole numbers, on/off (owner, a recent proof)
// DELETE /api/webhooks/{id} – delete it and its log (owner, a recent proof)
import { idParams } from "@/lib/http/route";
import { upstreamMode } from "@/lib/momo/config";
import { route } from "@/lib/session/route";
import { changeEndpoint, deleteEndpoint, getEndpoint } from "@/lib/webhooks/endpoints";
import { endpointChangeSchema } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

const params = idParams("No such webhook endpoint.");

export const GET = route("webhook:manage", { params }, async ({ db, params }) => ({ endpoint: await getEndpoint(db, params.id) }));

export const PATCH = route("webhook:manage", { params, body: endpointChangeSchema, fresh: true }, async (ctx) => ({
  endpoint: await changeEndpoint({ db: ctx.db, mode: upstreamMode() }, ctx.member, ctx.params.id, ctx.body, ctx.caller.ip),
}));

export const DELETE = route("webhook:manage", { params, fresh: true }, async (ctx) => {
  await deleteEndpoint(ctx.db, ctx.member, ctx.params.id, ctx.caller.ip);
  return null;
});
