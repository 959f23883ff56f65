// GET /api/v1/charges/{id} – one charge (charges:read; its number masked)
import { getCharge } from "@/lib/api-v1/charges";
import { v1Route } from "@/lib/api-v1/route";

export const dynamic = "force-dynamic";

export const GET = v1Route("getCharge", async ({ db, params }) => getCharge(db, params.id));
