// GET /api/budget – the upstream request budget left this minute (every role)
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("charge:read", {}, async (ctx) => ({ budget: await ctx.upstream().budget.status() }));
