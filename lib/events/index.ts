// What other features may use of lib/events/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { queueEndpointNow } from "./delivery";
export { chargeOutcomeEventsFrom, emitChargeOutcome, emitEvent } from "./emit";
export { createDeliveryQueue } from "./queue-install";
