// GET /api/webhooks/{id}/attempts?before= – the endpoint's delivery log, newest first (owner)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { deliveryLog } from "@/lib/webhooks/endpoints";
import { attemptsQuery } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

export const GET = route(
  "webhook:manage",
  { params: idParams("No such webhook endpoint."), query: attemptsQuery },
  ({ db, params, query }) => deliveryLog(db, params.id, query.before),
);
