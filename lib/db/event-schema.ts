// The event outbox: every state change others must hear of (the bell, email, the merchant's
// webhooks), written in the same transaction as the change itself, so that no change happens
// unheard and nothing is heard of a change that rolled back. Delivery reads it later, at least
// once, by each event's stable id. Never a customer's number or words: ids, statuses, amounts.
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** What happened (lib/events/types.ts says what each carries). */
export const EVENT_TYPES = [
  "charge.succeeded",
  "charge.failed",
  "charge.unknown",
  "charge.reversed",
  "charge.stuck_pending",
  "batch.awaiting_approval",
  "batch.finished",
  "payment_request.paid",
  "member.two_factor_reset",
  "session.new_device",
  "webhook_endpoint.disabled",
] as const;

export const events = pgTable(
  "events",
  {
    /** The event's stable id: what every delivery of it carries (a webhook's `webhook-id`). */
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type", { enum: EVENT_TYPES }).notNull(),
    /** The charge, batch, payment request or member it is about. */
    subjectId: text("subject_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When delivery took it up; null until then. */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
  },
  (t) => [
    index("events_undispatched_idx").on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    index("events_subject_idx").on(t.subjectId, t.createdAt),
    // A charge is reported stuck once, whichever instance's sweep sees it first.
    uniqueIndex("events_stuck_once_uq").on(t.subjectId).where(sql`${t.type} = 'charge.stuck_pending'`),
    check("events_type_check", sql`${t.type} in (${sql.raw(EVENT_TYPES.map((e) => `'${e}'`).join(", "))})`),
  ],
);

export type Event = typeof events.$inferSelect;
