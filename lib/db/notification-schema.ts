// What each member is told of the events (lib/db/event-schema.ts): the bell's rows, written by
// the dispatcher once per member and event, and how each member wants them by email.
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { events } from "./event-schema";

/**
 * A notification's email, as the member's choice stood when it was made:
 *   none     not emailed (email is off, or the member chose not to have this kind)
 *   instant  to send now (the email job takes it)   ·   digest  to go in the next daily digest
 *   sent     sent (emailed_at)
 */
export const EMAIL_STATES = ["none", "instant", "digest", "sent"] as const;

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailState: text("email_state", { enum: EMAIL_STATES }).notNull().default("none"),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    // Once per member and event, whichever instance dispatches it.
    unique("notifications_member_event_uq").on(t.memberId, t.eventId),
    index("notifications_member_created_idx").on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index("notifications_member_unread_idx").on(t.memberId).where(sql`${t.readAt} is null`),
    index("notifications_email_idx").on(t.emailState, t.memberId).where(sql`${t.emailState} in ('instant', 'digest')`),
    check("notifications_email_state_check", sql`${t.emailState} in ('none', 'instant', 'digest', 'sent')`),
  ],
);

export type Notification = typeof notifications.$inferSelect;

/** Email for one kind of notification: never, as it happens, or in one message a day. */
export type EmailChoice = "off" | "instant" | "daily";

/** Each member's email choices (lib/notifications/kinds.ts has the kinds and their defaults). */
export const notificationSettings = pgTable("notification_settings", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: jsonb("email").$type<Record<string, EmailChoice>>().notNull().default({}),
  /** When this member's last daily digest went (one a day, whichever instance sends it). */
  digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
