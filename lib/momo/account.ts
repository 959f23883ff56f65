// The upstream account behind the API key (GET /v1/user), asked through the outbound budget as a
// lookup: for the Account page (rendered on the server) and for GET /api/account alike.
import type { Db } from "@/lib/db/open";
import type { ErrorCode } from "@/lib/errors";
import { BudgetExhausted } from "./budget";
import type { OutcomeCode } from "./outcome-codes";
import type { UpstreamUser } from "./schemas";
import { upstream } from "./upstream";

export type AccountAnswer = { ok: true; user: UpstreamUser } | { ok: false; code: ErrorCode; message: string };

/** Each outcome as an error of our own (lib/http/problems.ts: 504 for a timeout, 502 for any other). */
const PROBLEM: Record<OutcomeCode, ErrorCode> = {
  declined: "upstream_declined",
  rejected: "upstream_rejected",
  invalid_request: "upstream_invalid_request",
  upstream_auth: "upstream_auth",
  rate_limited: "upstream_rate_limited",
  unreachable: "upstream_unreachable",
  timeout: "upstream_timeout",
  network: "upstream_network",
  upstream_error: "upstream_error",
  conflict: "upstream_conflict",
  unreadable_response: "upstream_unreadable_response",
  oversized_response: "upstream_oversized_response",
  answer_mismatch: "upstream_answer_mismatch",
};

/** The record, or why not (an upstream_* code). BudgetExhausted when no place is free. */
export async function readAccount(db: Db): Promise<AccountAnswer> {
  const { client, budget } = upstream(db);
  const place = await budget.tryTake("lookup");
  if (!place.granted) throw new BudgetExhausted(place.retryAfterMs, place.paused);
  const result = await client.user();
  if (!result.ok && result.httpStatus === 429) await budget.pause(result.retryAfterSeconds ?? null);
  if (result.ok) return { ok: true, user: result.user };
  return { ok: false, code: PROBLEM[result.code], message: result.message };
}
