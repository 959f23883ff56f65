// What other features and app/ may use of lib/health/ (docs/architecture.md, "The feature graph").
export { liveAnswer, READY_TIMEOUT_MS, readyAnswer } from "./probes";
