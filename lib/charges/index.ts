// What other features may use of lib/charges/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { createCharge } from "./create";
export type { ChargeDeps } from "./create";
export { duplicateKey, findRecentDuplicates } from "./duplicates";
export type { PossibleDuplicate } from "./duplicates";
export { findChargeByKey, getCharge, recoverInterrupted } from "./ledger";
export { recordLinkPayment } from "./link-payment";
export { checkCharge, refreshCharge } from "./refresh";
export type { RefreshDeps } from "./refresh";
export { redactedRequestHash } from "./request-hash";
export { CHECKABLE_STATUSES } from "./status-check";
export { chargeTimeline, currentChargeView, viewOfCharge, viewsOf } from "./views";
