// GET /api/webhooks/{id}/attempts?before= – the endpoint's delivery log, newest first (owner)
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { deliveryLog } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const GET = route("webhook:manage", { params: idParams("No such webhook endpoint.") }, async ({ db, params, url }) => {
  const before = url.searchParams.get("before");
  if (before !== null && !/^[1-9]\d{0,15}$/.test(before)) {
    throw new AppError("invalid_request", undefined, { fields: { before: "Must be an attempt's number" } });
  }
  return deliveryLog(db, params.id, before === null ? undefined : Number(before));
});
