// POST /api/charges/{id}/resolve – settle an open charge by hand, with a note (owner, support)
import { idParams } from "@/lib/http/route";
import { resolveChargeByHand } from "@/lib/reconcile/actions";
import { resolutionSchema } from "@/lib/reconcile/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("charge:reconcile", { params: idParams("No charge with this id."), body: resolutionSchema }, async (ctx) => ({
  charge: await resolveChargeByHand(ctx, ctx.params.id, ctx.body),
}));
