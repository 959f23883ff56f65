// POST /api/webhooks/{id}/deliveries/{deliveryId}/resend – send this event to the endpoint again
// now, outside the schedule (owner); the attempt joins the log
import { isUuid } from "@/lib/http/request";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/session/route";
import { resendDelivery } from "@/lib/webhooks/deliver";

export const dynamic = "force-dynamic";

const params = {
  parse(input: unknown) {
    const { id, deliveryId } = (input ?? {}) as { id?: unknown; deliveryId?: unknown };
    if (typeof id !== "string" || typeof deliveryId !== "string" || !isUuid(id) || !isUuid(deliveryId)) {
      throw new AppError("not_found", "No such delivery for this endpoint.");
    }
    return { id, deliveryId };
  },
};

export const POST = route("webhook:manage", { params }, async (ctx) => {
  const result = await resendDelivery(ctx, { endpointId: ctx.params.id, deliveryId: ctx.params.deliveryId });
  return { ok: result.ok, statusCode: result.statusCode, error: result.error };
});
