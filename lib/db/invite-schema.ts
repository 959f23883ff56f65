// Invitations to join the team: the owner makes a one-time link, the invitee sets their own
// password. Only a digest of the link's token is stored, so the table cannot be used to join.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

export const memberInvites = pgTable(
  "member_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** sha-256 (hex) of the link's random token; the token itself is shown once and never kept. */
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the link is used (claimed before the member is created, cleared if that fails). */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("member_invites_email_idx").on(t.email),
    check("member_invites_role_check", sql`${t.role} in ('owner', 'staff', 'support')`),
  ],
);

export type MemberInvite = typeof memberInvites.$inferSelect;
