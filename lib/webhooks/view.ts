// Webhook endpoints and their delivery log as the browser sees them (types only: browser-safe).
// The signing secret is never here: it is shown once, in the answer that made or rotated it.
import type { WebhookEventType } from "./shape";

export type EndpointStatus = "on" | "off" | "failing";

export type EndpointView = {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  includePhoneNumber: boolean;
  /** on; off (an owner switched it off); failing (switched off after a day of failures). */
  status: EndpointStatus;
  disabledAt: string | null;
  /** Until when the previous secret still signs beside the new one (after a rotation). */
  previousSecretUntil: string | null;
  createdAt: string;
  /** The last attempt: when, whether the endpoint took it, its status code. */
  lastAttempt: { at: string; ok: boolean; statusCode: number | null } | null;
  pending: number;
  failed: number;
};

export type AttemptView = {
  id: number;
  deliveryId: string;
  eventId: string;
  eventType: string;
  at: string;
  ok: boolean;
  statusCode: number | null;
  /** The first kB of the endpoint's answer. */
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  manual: boolean;
  /** Where the delivery stands now: pending (with its next attempt), delivered or failed. */
  deliveryState: "pending" | "delivered" | "failed";
  nextAttemptAt: string | null;
};

/** The answer that makes an endpoint or rotates its secret: the only time the secret is shown. */
export type SecretShown = { endpoint: EndpointView; secret: string };
