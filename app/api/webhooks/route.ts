// GET  /api/webhooks – the webhook endpoints (owner)
// POST /api/webhooks – add one (owner, a recent proof): its signing secret is in this answer only
import { route } from "@/lib/session/route";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { endpointSchema } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

export const GET = route("webhook:manage", {}, async ({ db }) => ({ endpoints: await listEndpoints(db) }));

export const POST = route("webhook:manage", { body: endpointSchema, status: 201, fresh: true }, async (ctx) => {
  const shown = await createEndpoint(ctx, ctx.body);
  return Response.json(shown, { status: 201, headers: { "cache-control": "no-store" } });
});
