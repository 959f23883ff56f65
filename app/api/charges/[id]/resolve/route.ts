// POST /api/charges/{id}/resolve – settle an open charge by hand, with a note (owner, support)
import { guard } from "@/lib/session/guards";
import { resolutionSchema } from "@/lib/reconcile/schema";
import { resolveChargeByHand } from "@/lib/charges/service";
import { AppError } from "@/lib/errors";
import { isUuid, readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard<{ id: string }>("charge:reconcile", async (req, member, { id }) => {
  if (!isUuid(id)) throw new AppError("not_found", "No charge with this id.");
  const resolution = resolutionSchema.parse(await readJson(req));
  return Response.json({ charge: await resolveChargeByHand(id, member, resolution) });
});
