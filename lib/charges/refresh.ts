// Asking the upstream's status lookup about an open charge: the result view does it for a
// pending charge while someone watches, support does it by hand, the sweep does it on a timer.
// None of them ever sends a charge again.
import type { Db } from "@/lib/db/open";
import type { Charge } from "@/lib/db/schema";
import type { Budget } from "@/lib/momo/budget";
import type { SentAmount, UpstreamOutcome } from "@/lib/momo/status";
import { type CurrencyCode, toMajorNumber } from "@/lib/money";
import { getCharge } from "./ledger";
import { CHECKABLE_STATUSES, claimStatusCheck, recordStatusCheck } from "./status-check";

/** At most one lookup per charge in this interval, however many viewers poll it. */
const STATUS_CHECK_INTERVAL_MS = 2_000;

export type RefreshDeps = {
  db: Db;
  upstream: { chargeStatus(reference: string, sent?: SentAmount): Promise<UpstreamOutcome> };
  /** The outbound budget (lib/momo/budget.ts); a lookup never waits for it. */
  budget?: Pick<Budget, "tryTake" | "pause">;
};

/** `refused`: the lookup was due but the budget had no room; nothing was sent or written. */
export type CheckResult = {
  charge: Charge | null;
  checked: boolean;
  outcome?: UpstreamOutcome;
  refused?: { retryAfterMs: number; paused: boolean };
};

/**
 * Looks an open charge up once (if no one else did within `minIntervalMs`) and records what the
 * upstream said. Only a readable 2xx answer moves the charge; a failed lookup says nothing
 * about the money.
 */
export async function checkCharge(
  deps: RefreshDeps,
  id: string,
  opts: { statuses?: readonly Charge["status"][]; minIntervalMs?: number; actor?: string | null } = {},
): Promise<CheckResult> {
  const statuses = opts.statuses ?? CHECKABLE_STATUSES;
  const charge = await getCharge(deps.db, id);
  if (!charge || !statuses.includes(charge.status) || !charge.reference) return { charge, checked: false };
  const claimed = await claimStatusCheck(deps.db, id, opts.minIntervalMs ?? STATUS_CHECK_INTERVAL_MS, statuses);
  if (!claimed) return { charge, checked: false };
  if (deps.budget) {
    const place = await deps.budget.tryTake("lookup");
    if (!place.granted) return { charge, checked: false, refused: { retryAfterMs: place.retryAfterMs, paused: place.paused } };
  }

  const sent = { amount: toMajorNumber(charge.amountMinor, charge.currency as CurrencyCode), currency: charge.currency };
  const outcome = await deps.upstream.chargeStatus(charge.reference, sent);
  if (outcome.httpStatus === 429) await deps.budget?.pause(outcome.retryAfterSeconds);
  // A 2xx whose status is `unknown` (unreadable, or over the size limit) says nothing either;
  // one about other money says the charge needs a person (it moves to unknown, with the reason).
  const ok = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
  const answered = ok && (outcome.status !== "unknown" || outcome.code === "answer_mismatch");
  await recordStatusCheck(deps.db, id, outcome, answered, opts.actor ?? null);
  return { charge: await getCharge(deps.db, id), checked: true, outcome };
}

/** The result view's refresh: pending charges only. */
export async function refreshCharge(deps: RefreshDeps, id: string): Promise<Charge | null> {
  return (await checkCharge(deps, id, { statuses: ["pending"] })).charge;
}
