// What other features may use of lib/reversals/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { REVERSAL_MOVED, reverseCharge } from "./reversals";
