// POST /api/v1/pay_links/{id}/cancel – cancel a pay link (pay_links:write; an Idempotency-Key)
import { cancelPayLink } from "@/lib/api-v1/pay-links";
import { v1Route } from "@/lib/api-v1/route";

export const dynamic = "force-dynamic";

export const POST = v1Route("cancelPayLink", async ({ api, params, origin, once }) =>
  once(params, async (tx) => ({ status: 200, body: await cancelPayLink(tx, api, params.id, origin) })),
);
