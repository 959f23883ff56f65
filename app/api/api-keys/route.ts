// GET  /api/api-keys – the merchant's API keys (owner)
// POST /api/api-keys – make one (owner, a recent proof): its secret and signing secret are in this answer only
import { createApiKey, listApiKeys } from "@/lib/api-keys/keys";
import { apiKeySchema } from "@/lib/api-keys/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("api_key:manage", {}, async ({ db }) => ({ keys: await listApiKeys(db) }));

export const POST = route("api_key:manage", { body: apiKeySchema, status: 201, fresh: true }, async (ctx) => {
  const shown = await createApiKey(ctx, ctx.body);
  return Response.json(shown, { status: 201, headers: { "cache-control": "no-store" } });
});
