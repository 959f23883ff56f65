// Team-wide settings beside Better Auth's user record (a member's own colour scheme is on the
// user row: lib/db/auth-schema.ts).
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth-schema";

/**
 * Team-wide security settings, one row (id 1) or none (the defaults): the roles whose members
 * must use two-factor sign-in.
 */
export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer("id").primaryKey().default(1),
    twoFactorRoles: text("two_factor_roles").array().notNull().default(sql`'{owner,support}'::text[]`),
    /**
     * Who may approve a batch they prepared themselves: never, only when they are the only
     * owner (the default: a one-owner business can still use batches), or always.
     */
    batchSelfApproval: text("batch_self_approval").notNull().default("sole_owner"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("security_settings_single_row", sql`${t.id} = 1`),
    check("security_settings_roles_check", sql`${t.twoFactorRoles} <@ array['owner', 'staff', 'support']::text[]`),
    check("security_settings_batch_self_approval_check", sql`${t.batchSelfApproval} in ('never', 'sole_owner', 'always')`),
  ],
);

/**
 * The browsers each member has signed in from: a long-lived cookie's digest (never the cookie).
 * A sign-in from a browser not on the list tells the member (session.new_device).
 */
export const memberDevices = pgTable(
  "member_devices",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deviceDigest: text("device_digest").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceDigest] })],
);
