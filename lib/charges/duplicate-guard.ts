// Before a new charge: a charge to the same number for the same amount within the last
// DUPLICATE_WINDOW_MINUTES that succeeded or may still succeed is refused with 409
// `possible_duplicate` unless the member confirmed they mean to charge again. A repeated
// idempotency key is a replay of its own attempt, never a duplicate of itself. The check runs
// before the ledger write: it catches a person charging twice minutes apart; two submissions
// of one attempt at once are one charge by their shared key (create.ts). The check is
// part of the charge's first statement (lib/charges/ledger.ts, beginCharge): a duplicate takes
// no place in the budget and writes nothing.
import { AppError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { STATUS_LABELS } from "@/lib/market/statuses";
import type { PossibleDuplicate } from "./duplicates";

/** The 409 a possible duplicate is refused with (the check itself: lib/charges/ledger.ts, beginCharge). */
export function duplicateRefusal(earlier: PossibleDuplicate): AppError {
  const minutes = Math.max(1, Math.round((Date.now() - earlier.createdAt.getTime()) / 60_000));
  const message =
    `${formatMoney(earlier.amountMinor, earlier.currency)} was charged to this number ${minutes} ${minutes === 1 ? "minute" : "minutes"} ago ` +
    `(${STATUS_LABELS[earlier.status]}). Charge again?`;
  // `phoneNumber` names the field; `duplicateOf` is the earlier charge, for the form's link to it.
  return new AppError("possible_duplicate", message, { fields: { phoneNumber: message, duplicateOf: earlier.chargeId } });
}
