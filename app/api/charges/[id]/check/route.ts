// POST /api/charges/{id}/check – ask the upstream's status lookup about an open charge (owner, support)
import { guard } from "@/lib/session/guards";
import { checkChargeByHand } from "@/lib/charges/service";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard<{ id: string }>("charge:reconcile", async (_req, member, { id }) => {
  if (!isUuid(id)) throw new AppError("not_found", "No charge with this id.");
  return Response.json({ charge: await checkChargeByHand(id, member) });
});
