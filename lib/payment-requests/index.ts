// What other features may use of lib/payment-requests/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { getRequest, requestTotals } from "./queries";
export { changeRequestState, findPaymentRequests, insertPaymentRequest, type RequestActor, type RequestExtras } from "./requests";
export { requestAmountText } from "./shape";
export { requestStatus } from "./status";
