// GET /api/budget – the upstream request budget left this minute (every role)
import { guard } from "@/lib/session/guards";
import { getDb } from "@/lib/db/client";
import { upstream } from "@/lib/momo/upstream";

export const dynamic = "force-dynamic";

export const GET = guard("charge:read", async () => Response.json({ budget: await upstream(await getDb()).budget.status() }));
