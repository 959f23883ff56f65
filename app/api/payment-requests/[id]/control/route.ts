// POST /api/payment-requests/{id}/control – { action: "pause" | "resume" | "cancel" } by an owner
// or the member who made the request; a paused or cancelled link takes no payment
import { idParams } from "@/lib/http/route";
import { controlPaymentRequest } from "@/lib/payment-requests/requests";
import { requestControlSchema } from "@/lib/payment-requests/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route(
  "request:create",
  { params: idParams("No payment request has this id."), body: requestControlSchema },
  async (ctx) => ({ request: await controlPaymentRequest(ctx, ctx.params.id, ctx.body.action) }),
);
