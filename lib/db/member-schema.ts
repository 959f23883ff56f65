// What a member keeps for themselves, beside Better Auth's user record.
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth-schema";

/** A member's own choices; a member with no row has the defaults. */
export const memberSettings = pgTable(
  "member_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The colour scheme: follow the device ("system"), or always light or dark. */
    theme: text("theme").notNull().default("system"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("member_settings_theme_check", sql`${t.theme} in ('system', 'light', 'dark')`)],
);
