// Payment requests: a link a customer pays from their own phone (lib/payment-requests/). Each
// attempt to pay is a normal charge pointing back here (charges.payment_request_id, in
// lib/db/schema.ts beside the ledger); whether a request is paid or expired is read from its
// charges and the clock, never kept twice.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-key-schema";
import { customers } from "./customer-schema";

/** What a member decides; `paid` and `expired` are read from the charges and the clock. */
export const PAYMENT_REQUEST_STATES = ["active", "paused", "cancelled"] as const;
export type PaymentRequestState = (typeof PAYMENT_REQUEST_STATES)[number];

export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The link's secret part, `/pay/<token>`: 144 random bits (lib/payment-requests/token.ts). */
    token: text("token").notNull(),
    /** A fixed amount; null when the customer chooses one between `minMinor` and `maxMinor`. */
    amountMinor: bigint("amount_minor", { mode: "number" }),
    minMinor: bigint("min_minor", { mode: "number" }),
    maxMinor: bigint("max_minor", { mode: "number" }),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    /** The directory's customer it was made for: the pay page then offers only their number, masked. */
    customerId: uuid("customer_id").references(() => customers.id),
    /** The merchant's own reference (an invoice or order number). */
    reference: text("reference"),
    /** Paid once (false), or by many until `maxPayments` successful payments (null: no maximum). */
    reusable: boolean("reusable").notNull().default(false),
    maxPayments: integer("max_payments"),
    state: text("state", { enum: PAYMENT_REQUEST_STATES }).notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last pause, resume or cancel. */
    changedBy: text("changed_by"),
    changedAt: timestamp("changed_at", { withTimezone: true }),
    /** The merchant's own string pairs (at most 20), given back wherever the link or its attempts appear. */
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    /** Where the receipt sends the customer back to the shop (a link made through the API). */
    returnUrl: text("return_url"),
    /** The API key that made it, whose secret signs the way back; null for a link made in the dashboard. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id),
  },
  (t) => [
    uniqueIndex("payment_requests_token_uq").on(t.token),
    index("payment_requests_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("payment_requests_state_check", sql`${t.state} in ('active', 'paused', 'cancelled')`),
    check(
      "payment_requests_amount_check",
      sql`(${t.amountMinor} > 0 and ${t.minMinor} is null and ${t.maxMinor} is null)
          or (${t.amountMinor} is null and ${t.minMinor} > 0 and ${t.maxMinor} >= ${t.minMinor})`,
    ),
    check("payment_requests_max_payments_check", sql`${t.maxPayments} is null or (${t.reusable} and ${t.maxPayments} >= 1)`),
    check("payment_requests_token_check", sql`${t.token} ~ '^[A-Za-z0-9_-]{24}$'`),
  ],
);

export type PaymentRequest = typeof paymentRequests.$inferSelect;
