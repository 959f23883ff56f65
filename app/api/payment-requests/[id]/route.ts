// GET /api/payment-requests/{id} – a payment request with its payments so far and every attempt
// (every role; numbers masked as the member may see them)
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { paymentRequestDetail } from "@/lib/payment-requests/requests";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

const notFound = "No payment request has this id.";

export const GET = route("request:read", { params: idParams(notFound) }, async (ctx) => {
  const detail = await paymentRequestDetail(ctx, ctx.params.id);
  if (!detail) throw new AppError("not_found", notFound);
  return detail;
});
