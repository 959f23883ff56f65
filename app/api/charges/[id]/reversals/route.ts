// POST /api/charges/{id}/reversals – record money given back on a successful charge (owner, support); never calls the upstream
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { reverseCharge } from "@/lib/reversals/reversals";
import { reversalSchema } from "@/lib/reversals/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

const notFound = "No charge with this id.";

export const POST = route("charge:reverse", { params: idParams(notFound), body: reversalSchema, status: 201 }, async (ctx) => {
  const charge = await reverseCharge(ctx, ctx.params.id, ctx.body);
  if (!charge) throw new AppError("not_found", notFound);
  return { charge };
});
