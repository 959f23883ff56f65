// What other features may use of lib/reversals/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { reverseCharge } from "./reversals";
