// What other features may use of lib/api-keys/ (docs/architecture.md, "The feature graph"); the rest is its own.
export type { ApiCaller } from "./authenticate";
export { pruneIdempotency } from "./idempotency";
export { type ApiCtx, apiRoute } from "./route";
export { signedReturnUrl } from "./return-url";
