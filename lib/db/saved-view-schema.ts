// Saved views (lib/saved-views/): a member's named filters of a list page, kept in the database so
// they outlive a session. `query` is only the page's own filters, as the page writes them
// (parsed by that page's filter schema when saved: no cursor, no unknown parameter).
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/** The list pages a view can be saved on. */
export const SAVED_VIEW_PAGES = ["transactions", "reconcile", "audit"] as const;

export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who saved it; their views go with their account. */
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    page: text("page", { enum: SAVED_VIEW_PAGES }).notNull(),
    name: text("name").notNull(),
    /**
     * The name as uniqueness compares it: case folded by the app (lib/saved-views/schema.ts nameKey),
     * the same on every database, where PostgreSQL's lower() depends on LC_CTYPE ("É" and "é" are
     * two names under "C") and keeps ß apart from SS. Null on a row the release before 0027 wrote:
     * lower(name) stands in.
     */
    nameKey: text("name_key"),
    /** The page's filters as a query string without "?" ("status=failed&from=2026-11-01"); empty: the whole list. */
    query: text("query").notNull(),
    /** Shown to every member who may open the page (an owner shared it), not only to its maker. */
    shared: boolean("shared").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per member and page, whatever its case: "Failed" and "failed" would be the same link twice.
    uniqueIndex("saved_views_member_page_name_uq").on(t.memberId, t.page, sql`coalesce(${t.nameKey}, lower(${t.name}))`),
    index("saved_views_shared_page_idx").on(t.page).where(sql`${t.shared}`),
    check("saved_views_page_check", sql`${t.page} in ('transactions', 'reconcile', 'audit')`),
  ],
);
