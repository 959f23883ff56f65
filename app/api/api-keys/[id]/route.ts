// DELETE /api/api-keys/{id} – revoke a key at once, on every instance (owner, a recent proof)
import { revokeApiKey } from "@/lib/api-keys/keys";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const DELETE = route("api_key:manage", { params: idParams("No API key has this id.") }, async (ctx) => ({
  key: await revokeApiKey(ctx, ctx.params.id),
}));
