// GET /api/account – the upstream account behind the API key, GET /v1/user (owner)
import { guard } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { errorResponse } from "@/lib/http/errors";
import { BudgetExhausted } from "@/lib/momo/budget";
import { upstream } from "@/lib/momo/upstream";

export const dynamic = "force-dynamic";

export const GET = guard("account:read", async () => {
  const { client, budget } = upstream(await getDb());
  const place = await budget.tryTake("lookup");
  if (!place.granted) throw new BudgetExhausted(place.retryAfterMs, place.paused);
  const result = await client.user();
  if (!result.ok && result.httpStatus === 429) await budget.pause(result.retryAfterSeconds ?? null);
  if (result.ok) return Response.json({ user: result.user });
  const status = result.code === "timeout" ? 504 : 502;
  return errorResponse(status, `upstream_${result.code.replace(/^upstream_/, "")}`, result.message);
});
