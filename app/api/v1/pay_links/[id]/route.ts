// GET /api/v1/pay_links/{id} – one pay link (an API key with pay_links:read)
import { getPayLink } from "@/lib/api-v1/pay-links";
import { v1Route } from "@/lib/api-v1/route";

export const dynamic = "force-dynamic";

export const GET = v1Route("getPayLink", async ({ db, params, origin }) => getPayLink(db, params.id, origin));
