// The charge use case: ledger row first, then the upstream, then the answer in the ledger.
import type { Db } from "@/lib/db/open";
import type { Charge } from "@/lib/db/schema";
import { toMajorNumber } from "@/lib/money";
import type { UpstreamChargeRequest } from "@/lib/momo/schemas";
import { mapTransportFailure, type UpstreamOutcome } from "@/lib/momo/status";
import { BudgetExhausted, type Budget, type BudgetKind } from "@/lib/momo/budget";
import { AppError } from "@/lib/errors";
import { PossibleDuplicateCharge } from "./errors";
import { recordChargeAnswer, type AnswerAudit } from "./answer";
import { beginCharge, type Begun, type ChargeRow } from "./ledger";
import { redactedRequestHash, requestHash } from "./request-hash";
import type { ChargeInput } from "./schema";

export type ChargeDeps = {
  db: Db;
  upstream: { charge(request: UpstreamChargeRequest): Promise<UpstreamOutcome> };
  /** The outbound budget (lib/momo/budget.ts); without it every charge is sent at once. */
  budget?: Pick<Budget, "placeArgs" | "waitFor" | "pause" | "release">;
  /**
   * A place in the budget the caller has already taken for this charge (a batch's row:
   * lib/batches/runner.ts). It is used, or given back when the key already made a row.
   */
  heldPlace?: number;
  log?: (event: string, detail: Record<string, unknown>) => void;
  /** An audit row written with the answer (lib/audit/entries.ts reads it back). */
  audit?: AnswerAudit;
};

function toUpstreamRequest(input: ChargeInput): UpstreamChargeRequest {
  return {
    amount: toMajorNumber(input.amountMinor, input.currency),
    currency: input.currency,
    phone_number: input.phoneNumber,
    provider: input.provider,
    vouchers: input.vouchers,
    description: input.description,
  };
}

/**
 * Charges once per idempotency key. A repeated key returns the first attempt's row (in
 * whatever state it is) without calling the upstream; the same key with a different request
 * is refused. A new charge takes its place in the outbound budget with its row: when the
 * budget stays full, BudgetExhausted is thrown and the ledger is unchanged.
 */
export async function createCharge(
  deps: ChargeDeps,
  input: ChargeInput,
  idempotencyKey: string,
  actor: string | null = null,
  extra: {
    /** The maker never saw the number (a directory customer they see masked): lib/access/phone-visibility.ts. */
    phoneHidden?: boolean;
    /** The bulk batch and row this charge is sent for (lib/batches/runner.ts). */
    batch?: { id: string; row: number };
    /**
     * The pay link a customer pays this from, and the slot of its payments the attempt holds
     * (lib/payment-requests/pay.ts): its place is taken within the pay links' share of the budget.
     */
    paymentRequest?: { id: string; slot: number | null; addressKey?: string | null };
    /**
     * Refuse with PossibleDuplicateCharge when a charge to the number for the amount made within
     * these minutes succeeded or may still succeed (./duplicates.ts); 0 or absent: no check.
     */
    duplicateWindowMinutes?: number;
  } = {},
): Promise<{ charge: Charge; replayed: boolean }> {
  const hash = requestHash(input);
  const row: ChargeRow = {
    idempotencyKey,
    requestHash: hash,
    amountMinor: input.amountMinor,
    currency: input.currency,
    phoneNumber: input.phoneNumber,
    provider: input.provider,
    vouchers: input.vouchers,
    description: input.description,
    createdBy: actor,
    phoneHidden: extra.phoneHidden ?? false,
    batchId: extra.batch?.id ?? null,
    batchRow: extra.batch?.row ?? null,
    paymentRequestId: extra.paymentRequest?.id ?? null,
    paymentSlot: extra.paymentRequest?.slot ?? null,
    payAddressKey: extra.paymentRequest?.addressKey ?? null,
  };
  const begun = await begin(deps, row, extra.duplicateWindowMinutes ?? 0, extra.paymentRequest ? "request" : "charge");
  if (begun.kind === "duplicate") throw new PossibleDuplicateCharge(begun.earlier);
  if (begun.kind === "replay") return replayOf(begun.charge, begun.charge.redactedAt ? redactedRequestHash(input) : hash);
  // Only a place taken in the statement can be refused, and waitFor has waited those out.
  if (begun.kind === "refused") throw new BudgetExhausted(begun.refusal.retryAfterMs, begun.refusal.paused);
  const { charge } = begun;

  const sentAt = Date.now();
  const outcome = await deps.upstream.charge(toUpstreamRequest(input)).catch((error: unknown) => {
    // The client maps every HTTP outcome itself; an exception here is our own fault, and
    // whether the request left is unknown, so the charge is too.
    deps.log?.("upstream_call_threw", { chargeId: charge.id, error });
    return mapTransportFailure("network");
  });
  if (outcome.httpStatus === 429) {
    // The upstream is counting differently from us (or another client shares the key): stop
    // every instance until it says, so that nothing more is sent to earn another 429.
    await deps.budget?.pause(outcome.retryAfterSeconds).catch((error: unknown) => deps.log?.("budget_pause_failed", { error }));
  }
  const saved = await saveAnswer(deps, charge.id, outcome, { sentAt: new Date(sentAt).toISOString(), durationMs: Date.now() - sentAt });
  return { charge: saved ?? charge, replayed: false };
}

/**
 * The replay check, the duplicate check, the place and the row, in one statement
 * (lib/charges/ledger.ts): when the budget is full, nothing is written, and the statement is
 * run again once a place may be free (up to the budget's wait); a replay never waits for one.
 */
async function begin(deps: ChargeDeps, row: ChargeRow, duplicateWindowMinutes: number, kind: BudgetKind): Promise<Begun> {
  const { db, budget, heldPlace } = deps;
  if (heldPlace !== undefined) return releaseIfThrown(deps, heldPlace, beginCharge(db, row, { held: heldPlace }, duplicateWindowMinutes));
  if (!budget) return beginCharge(db, row, "none", duplicateWindowMinutes);
  return budget.waitFor(async () => {
    const b = await beginCharge(db, row, { take: budget.placeArgs(kind) }, duplicateWindowMinutes);
    return b.kind === "refused" ? b.refusal : b;
  });
}

/**
 * A write that failed (a value the database refused, a lost connection) means the request
 * will not leave: its place goes back at once, so failing submissions cannot use up the
 * minute's budget. If even that fails, the place lapses with the window.
 */
async function releaseIfThrown<T>(deps: ChargeDeps, place: number | null, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (place !== null) await deps.budget?.release(place).catch((e: unknown) => deps.log?.("budget_release_failed", { error: e }));
    throw error;
  }
}

/** A repeated key: the first attempt's row, if the request is the same (for a row retention masked, what is left of it). */
function replayOf(charge: Charge, hash: string): { charge: Charge; replayed: boolean } {
  if (charge.requestHash !== hash) {
    throw new AppError("idempotency_mismatch", "This idempotency key was already used for a different charge.");
  }
  return { charge, replayed: true };
}

/**
 * The upstream has answered: losing that answer would lose a charge's outcome, so a failed
 * write is tried again a few times. If the database stays away, the row remains `submitting`
 * and the start-up recovery marks it `unknown` for a person to reconcile.
 */
async function saveAnswer(deps: ChargeDeps, id: string, outcome: UpstreamOutcome, extra: Record<string, unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordChargeAnswer(deps.db, id, outcome, extra, deps.audit);
    } catch (error) {
      deps.log?.("ledger_write_failed", { chargeId: id, attempt, status: outcome.status, reference: outcome.reference, error });
      if (attempt >= 4) throw error;
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
  }
}
