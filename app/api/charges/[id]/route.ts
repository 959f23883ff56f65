// GET /api/charges/{id} – one charge (every role); a pending one is first brought up to date upstream
import { currentChargeView } from "@/lib/charges/views";
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

const notFound = "No charge with this id.";

export const GET = route("charge:read", { params: idParams(notFound) }, async (ctx) => {
  const charge = await currentChargeView(ctx, ctx.params.id);
  if (!charge) throw new AppError("not_found", notFound);
  return { charge };
});
