// POST /api/charges/{id}/reversals – record money given back on a successful charge (owner, support); never calls the upstream
import { guard } from "@/lib/session/guards";
import { reversalSchema } from "@/lib/reversals/schema";
import { reverseCharge } from "@/lib/charges/service";
import { AppError } from "@/lib/errors";
import { isUuid, readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard<{ id: string }>("charge:reverse", async (req, member, { id }) => {
  if (!isUuid(id)) throw new AppError("not_found", "No charge with this id.");
  const input = reversalSchema.parse(await readJson(req));
  const charge = await reverseCharge(id, member, input);
  if (!charge) throw new AppError("not_found", "No charge with this id.");
  return Response.json({ charge }, { status: 201 });
});
