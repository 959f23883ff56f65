// POST /api/charges/{id}/check – ask the upstream's status lookup about an open charge (owner, support)
import { idParams } from "@/lib/http/route";
import { checkChargeByHand } from "@/lib/reconcile/actions";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("charge:reconcile", { params: idParams("No charge with this id.") }, async (ctx) => ({
  charge: await checkChargeByHand(ctx, ctx.params.id),
}));
