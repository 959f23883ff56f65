// What other features may use of lib/batches/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { batchView, findBatches } from "./views";
export { queueStarted } from "./queue";
export { mayApprove } from "./may";
