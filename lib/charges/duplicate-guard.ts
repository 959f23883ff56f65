// Before a new charge: a charge to the same number for the same amount within the last
// DUPLICATE_WINDOW_MINUTES that succeeded or may still succeed is refused with 409
// `possible_duplicate` unless the member confirmed they mean to charge again. A repeated
// idempotency key is a replay of its own attempt, never a duplicate of itself. The check runs
// before the ledger write: it catches a person charging twice minutes apart; two submissions
// of one attempt at once are one charge by their shared key (create-charge.ts).
import type { Db } from "@/lib/db/open";
import { ApiError } from "@/lib/http/errors";
import { formatMoney } from "@/lib/money";
import { STATUS_LABELS } from "@/lib/market/statuses";
import { findRecentDuplicates } from "./duplicates";
import type { ChargeInput } from "./schema";

export async function refuseUnconfirmedDuplicate(
  db: Db,
  input: Pick<ChargeInput, "phoneNumber" | "amountMinor" | "currency">,
  idempotencyKey: string,
  actor: string,
  windowMinutes: number,
): Promise<void> {
  if (windowMinutes <= 0) return;
  // One statement: no duplicate when this key already made a charge (its replay), else the newest one.
  const [earlier] = (await findRecentDuplicates(db, [input], windowMinutes, { idempotencyKey, createdBy: actor })).values();
  if (!earlier) return;
  const minutes = Math.max(1, Math.round((Date.now() - earlier.createdAt.getTime()) / 60_000));
  const message =
    `${formatMoney(earlier.amountMinor, earlier.currency)} was charged to this number ${minutes} ${minutes === 1 ? "minute" : "minutes"} ago ` +
    `(${STATUS_LABELS[earlier.status]}). Charge again?`;
  // `phoneNumber` names the field; `duplicateOf` is the earlier charge, for the form's link to it.
  throw new ApiError(409, "possible_duplicate", message, { phoneNumber: message, duplicateOf: earlier.chargeId });
}
