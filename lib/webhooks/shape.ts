// The events a merchant's endpoint may listen for, as the endpoint's form offers them (plain data:
// the browser reads it too). A member's own events (a new sign-in, a reset second factor) and the
// endpoints' own are the team's business, not a shop's: they go to the bell and email only.
export const WEBHOOK_EVENT_TYPES = [
  "charge.succeeded",
  "charge.failed",
  "charge.unknown",
  "charge.reversed",
  "batch.awaiting_approval",
  "batch.finished",
  "payment_request.paid",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "charge.succeeded": "A charge succeeded",
  "charge.failed": "A charge failed",
  "charge.unknown": "A charge's outcome became unknown",
  "charge.reversed": "Money was given back on a charge",
  "batch.awaiting_approval": "A bulk batch waits for approval",
  "batch.finished": "A bulk batch finished",
  "payment_request.paid": "A pay link was paid",
};

/** The signing secret's prefix (Standard Webhooks). */
export const SECRET_PREFIX = "whsec_";
/** After a rotation the old secret signs beside the new one this long. */
export const ROTATION_OVERLAP_HOURS = 24;
/** At most this many endpoints: each event is delivered to each. */
export const MAX_ENDPOINTS = 20;
