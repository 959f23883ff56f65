// What other features may use of lib/reconcile/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { checkChargeByHand, isInQueue, queueSize, reconcilePendingMinutes, resolveChargeByHand } from "./actions";
export { queuePosition } from "./filters";
