// The merchant's webhook endpoints, each event's delivery to each endpoint, and every attempt
// (the delivery log). Deliveries are written by the dispatcher with the notifications, once per
// endpoint and event; the job queue sends them (lib/webhooks/).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { events } from "./event-schema";

export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types it receives. */
  eventTypes: jsonb("event_types").$type<string[]>().notNull(),
  /** The signing secret (`whsec_…`), shown to the owner once. */
  secret: text("secret").notNull(),
  /** After a rotation, the old secret signs beside the new one until this time. */
  previousSecret: text("previous_secret"),
  previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
  /** Payloads carry the customer's whole number (an owner's audited choice); masked otherwise. */
  includePhoneNumber: boolean("include_phone_number").notNull().default(false),
  /** Switched off: by an owner, or after failing for the whole retry schedule. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  disabledReason: text("disabled_reason", { enum: ["owner", "failing"] }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/**
 *   pending    to be sent at next_attempt_at (a job is queued for it); while its endpoint is
 *              switched off it waits, and goes when the endpoint is switched on again
 *   delivered  the endpoint answered 2xx
 *   failed     every attempt of the schedule failed (an owner may still Resend it)
 */
export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    state: text("state", { enum: DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While an attempt is under way: no other instance takes it before this. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    unique("webhook_deliveries_endpoint_event_uq").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt.desc()),
    check("webhook_deliveries_state_check", sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Every attempt: the endpoint's delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer("duration_ms").notNull(),
    ok: boolean("ok").notNull(),
    /** The answer's HTTP status, or null when none came (refused, timed out, reset). */
    statusCode: integer("status_code"),
    /** The first kB of the answer. */
    responseBody: text("response_body"),
    /** Why no answer counted (timeout, refused address, redirect…); null when it did. */
    error: text("error"),
    /** Sent by an owner's "Resend", outside the schedule. */
    manual: boolean("manual").notNull().default(false),
  },
  (t) => [
    index("webhook_attempts_endpoint_idx").on(t.endpointId, t.id.desc()),
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id),
  ],
);

export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
