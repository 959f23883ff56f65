// GET /api/v1/charges – charges, newest first, by status, time, pay link, reference (charges:read; numbers masked)
import { listCharges } from "@/lib/api-v1/charges";
import { v1Route } from "@/lib/api-v1/route";

export const dynamic = "force-dynamic";

export const GET = v1Route("listCharges", async ({ db, query }) => listCharges(db, query));
