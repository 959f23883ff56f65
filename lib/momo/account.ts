// The upstream account behind the API key (GET /v1/user), asked through the outbound budget as a
// lookup: for the Account page (rendered on the server) and for GET /api/account alike.
import type { Db } from "@/lib/db/open";
import { BudgetExhausted } from "./budget";
import type { UpstreamUser } from "./schemas";
import { upstream } from "./upstream";

export type AccountAnswer = { ok: true; user: UpstreamUser } | { ok: false; status: number; code: string; message: string };

/** The record, or why not: 504 for a timeout, 502 for any other upstream failure. BudgetExhausted when no place is free. */
export async function readAccount(db: Db): Promise<AccountAnswer> {
  const { client, budget } = upstream(db);
  const place = await budget.tryTake("lookup");
  if (!place.granted) throw new BudgetExhausted(place.retryAfterMs, place.paused);
  const result = await client.user();
  if (!result.ok && result.httpStatus === 429) await budget.pause(result.retryAfterSeconds ?? null);
  if (result.ok) return { ok: true, user: result.user };
  return {
    ok: false,
    status: result.code === "timeout" ? 504 : 502,
    code: `upstream_${result.code.replace(/^upstream_/, "")}`,
    message: result.message,
  };
}
