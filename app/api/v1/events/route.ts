// GET /api/v1/events – events, newest first, as the webhooks deliver them, same ids (events:read)
import { listEvents } from "@/lib/api-v1/events";
import { v1Route } from "@/lib/api-v1/route";

export const dynamic = "force-dynamic";

export const GET = v1Route("listEvents", async ({ db, query }) => listEvents(db, query));
