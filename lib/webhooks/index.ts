// What other features may use of lib/webhooks/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { checkEndpointAddress, checkEndpointUrl, type LookupAll } from "./address";
export { chargePayload, chargesWithMetadata, payloadOf } from "./payload";
