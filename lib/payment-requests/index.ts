// What other features may use of lib/payment-requests/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { getRequest } from "./queries";
