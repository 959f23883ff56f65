// The customers directory: the people a merchant charges again and again, keyed by the
// normalised phone number (one customer per number).
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Local digits, as lib/market normalises them (the charge form's rule): unique. */
    phoneNumber: text("phone_number").notNull(),
    /** The network: suggested from the prefix, which the member may override. */
    provider: text("provider").notNull(),
    /** The merchant's own reference for this person (a student ID, a member number). */
    reference: text("reference"),
    /** Where a pay link may be emailed to them (when the app sends email), or null. */
    email: text("email"),
    note: text("note").notNull().default(""),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_phone_uq").on(t.phoneNumber),
    uniqueIndex("customers_reference_uq").on(t.reference).where(sql`${t.reference} is not null`),
    // The directory's order (name, then id) and the charge form's search by name, number or
    // reference (pg_trgm, migration 0002).
    index("customers_name_idx").on(t.name, t.id),
    index("customers_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("customers_phone_prefix_idx").on(t.phoneNumber.op("text_pattern_ops")),
    index("customers_reference_prefix_idx").on(t.reference.op("text_pattern_ops")).where(sql`${t.reference} is not null`),
    check("customers_name_not_blank", sql`length(btrim(${t.name})) > 0`),
  ],
);

export type Customer = typeof customers.$inferSelect;
