// The merchant's business profile: the name and logo on receipts and in the header, and the
// time zone in which dates are shown and Insights counts days. One row (id 1), or none (defaults).
import { sql } from "drizzle-orm";
import { check, customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/** Binary data: node-postgres hands back a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const businessProfile = pgTable(
  "business_profile",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull().default(""),
    /** An IANA zone name (checked with Intl and by PostgreSQL before it is stored). */
    timeZone: text("time_zone").notNull().default("Africa/Accra"),
    /** How a customer reaches the business about a payment (the pay page shows them when an outcome is not known): "" for none. */
    contactPhone: text("contact_phone").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    logo: bytea("logo"),
    /** image/png, image/jpeg or image/webp, as the file's first bytes say (never as declared). */
    logoType: text("logo_type"),
    /** Goes up with every new logo: the logo's address carries it, so browsers may cache it for good. */
    logoVersion: integer("logo_version").notNull().default(0),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("business_profile_single_row", sql`${t.id} = 1`),
    check("business_profile_logo_type_check", sql`${t.logoType} is null or ${t.logoType} in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);
