// Support settles the unclear charges: check the upstream again, or resolve by hand with a note.
// The use cases in ./actions.ts call these with the asking member.
import { BudgetExhausted } from "@/lib/momo/budget";
import { audit } from "@/lib/audit";
import { maskPhonesIn } from "@/lib/market/phone-mask";
import type { Db } from "@/lib/db/open";
import type { Member } from "@/lib/access/types";
import { AppError } from "@/lib/errors";
import { getCharge, CHECKABLE_STATUSES, checkCharge, type RefreshDeps } from "@/lib/charges";
import { recordResolution } from "./ledger";
import type { Resolution } from "./schema";

export async function checkByHand(deps: RefreshDeps, id: string, actor: Pick<Member, "id" | "email">) {
  const charge = await getCharge(deps.db, id);
  if (!charge) throw new AppError("not_found", "No charge with this id.");
  if (!(CHECKABLE_STATUSES as readonly string[]).includes(charge.status))
    throw new AppError("not_open", `This charge is already ${charge.status}.`);
  if (!charge.reference) {
    throw new AppError(
      "no_reference",
      "The upstream never gave this charge a reference, so it cannot be looked up. " +
        "Check the customer's wallet or the upstream's records, then resolve it by hand.",
    );
  }
  // A person asking overrides the viewers' throttle, but not a lookup made this very second.
  const result = await checkCharge(deps, id, { minIntervalMs: 1_000, actor: actor.id });
  if (result.refused) throw new BudgetExhausted(result.refused.retryAfterMs, result.refused.paused);
  // Only a lookup that was sent is a thing somebody did; one skipped by the throttle is not.
  if (!result.checked) return result;
  await audit(deps.db, {
    action: "charge_status_checked",
    actor,
    targetId: id,
    // The upstream's words may repeat the customer's number or the description: kept without them.
    detail: { status: result.charge?.status, answer: withoutCustomerData(result.outcome?.message, charge) },
  });
  return result;
}

/**
 * Settles a charge of the reconciliation queue by hand (unknown, or pending for longer than
 * `pendingMs`, RECONCILE_PENDING_MINUTES). A younger pending charge is refused: the customer may
 * still be approving the prompt on their phone, and the lookup will settle it.
 */
export async function resolveByHand(
  db: Db,
  id: string,
  actor: Pick<Member, "id" | "email">,
  resolution: Resolution,
  { pendingMs }: { pendingMs: number },
) {
  const before = await getCharge(db, id);
  if (!before) throw new AppError("not_found", "No charge with this id.");
  const row = await recordResolution(db, id, { ...resolution, actor: actor.id, actorEmail: actor.email }, pendingMs);
  if (!row) {
    const now = await getCharge(db, id);
    if (now?.status === "pending") {
      const minutes = Math.round((pendingMs / 60_000) * 10) / 10;
      throw new AppError(
        "not_in_queue",
        `This charge is still waiting for the customer to approve it on their phone. It joins the reconciliation queue ${minutes} ${minutes === 1 ? "minute" : "minutes"} after it was made, and can be resolved by hand then.`,
      );
    }
    throw new AppError(
      "not_open",
      `This charge is already ${now?.status ?? before.status}; only charges in the reconciliation queue are resolved by hand.`,
    );
  }
  await audit(db, {
    action: "charge_reconciled",
    actor,
    targetId: id,
    // The note stays on the charge's timeline: it may name the customer, and no audit entry carries it.
    detail: { from: before.status, to: row.status },
  });
  return row;
}

/** An upstream's message with every phone number masked and the charge's description taken out. */
function withoutCustomerData(message: string | null | undefined, charge: { description: string }): string | null {
  if (!message) return null;
  const masked = maskPhonesIn(message);
  return charge.description.length >= 3 ? masked.replaceAll(charge.description, "[description]") : masked;
}
