// GET  /api/v1/pay_links – pay links, newest first (an API key with pay_links:read)
// POST /api/v1/pay_links – make one (pay_links:write; an Idempotency-Key: the same key and body answer the first answer)
import { createPayLink, listPayLinks } from "@/lib/api-v1/pay-links";
import { v1Route } from "@/lib/api-v1/route";

export const dynamic = "force-dynamic";

export const GET = v1Route("listPayLinks", async ({ db, query, origin }) => listPayLinks(db, query, origin));

export const POST = v1Route("createPayLink", async ({ api, body, origin, once }) =>
  once(body, async (tx) => ({ status: 201, body: await createPayLink(tx, api, body, origin) })),
);
