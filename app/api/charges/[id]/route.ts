// GET /api/charges/{id} – one charge; a pending one is first brought up to date upstream
import { currentCharge } from "@/lib/charges/service";
import { toChargeView } from "@/lib/charges/view";
import { ApiError, handleApiError } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const charge = isUuid(id) ? await currentCharge(id) : null;
    if (!charge) throw new ApiError(404, "not_found", "No charge with this id.");
    return Response.json({ charge: toChargeView(charge) });
  } catch (error) {
    return handleApiError(error);
  }
}
