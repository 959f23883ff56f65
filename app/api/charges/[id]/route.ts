// GET /api/charges/{id} – one charge (every role); a pending one is first brought up to date upstream
import { guard } from "@/lib/session/guards";
import { currentChargeView } from "@/lib/charges/service";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard<{ id: string }>("charge:read", async (_req, member, { id }) => {
  const charge = isUuid(id) ? await currentChargeView(id, member) : null;
  if (!charge) throw new AppError("not_found", "No charge with this id.");
  return Response.json({ charge });
});
