// Brings a pending charge up to date through the upstream's status lookup.
import type { Db } from "@/lib/db/open";
import type { Charge } from "@/lib/db/schema";
import type { UpstreamOutcome } from "@/lib/momo/status";
import { claimStatusCheck, getCharge, recordStatusCheck } from "./ledger";

/** At most one lookup per charge in this interval, however many viewers poll it. */
export const STATUS_CHECK_INTERVAL_MS = 2_000;

export type RefreshDeps = { db: Db; upstream: { chargeStatus(reference: string): Promise<UpstreamOutcome> } };

export async function refreshCharge(deps: RefreshDeps, id: string): Promise<Charge | null> {
  const charge = await getCharge(deps.db, id);
  if (!charge || charge.status !== "pending" || !charge.reference) return charge;
  const claimed = await claimStatusCheck(deps.db, id, STATUS_CHECK_INTERVAL_MS);
  if (!claimed) return charge;

  const outcome = await deps.upstream.chargeStatus(charge.reference);
  // Only a readable 2xx answer moves the charge; a failed lookup says nothing about the money.
  const answered = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300 && outcome.code !== "unreadable_response";
  await recordStatusCheck(deps.db, id, outcome, answered);
  return getCharge(deps.db, id);
}
