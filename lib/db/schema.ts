// The ledger. One row per charge attempt, written before the upstream is called.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { batches } from "./batch-schema";
import { paymentRequests } from "./payment-request-schema";

export * from "./auth-schema";
export * from "./member-schema";
export * from "./invite-schema";
export * from "./business-schema";
export * from "./customer-schema";
export * from "./batch-schema";
export * from "./payment-request-schema";
export * from "./audit-schema";
export * from "./event-schema";
export * from "./notification-schema";
export * from "./webhook-schema";
export * from "./api-key-schema";
export * from "./budget-schema";
export * from "./saved-view-schema";

export const charges = pgTable(
  "charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** sha-256 of the parsed request: a reused key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: ["submitting", "success", "pending", "failed", "unknown"] })
      .notNull()
      .default("submitting"),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    phoneNumber: text("phone_number").notNull(),
    provider: text("provider").notNull(),
    vouchers: text("vouchers").notNull().default(""),
    description: text("description").notNull().default(""),
    reference: text("reference"),
    message: text("message"),
    outcomeCode: text("outcome_code"),
    upstreamHttpStatus: integer("upstream_http_status"),
    upstreamBody: text("upstream_body"),
    /** The member who made the charge (sign-in comes later; null until then). */
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** When retention replaced the phone number and description with a mask (npm run data:retention). */
    redactedAt: timestamp("redacted_at", { withTimezone: true }),
    /**
     * The number was never in the maker's hands: charged through a directory customer they see
     * masked ("Charge again"), so it stays masked for them on their own charge too.
     */
    phoneHidden: boolean("phone_hidden").notNull().default(false),
    /** What has been given back so far (charge_reversals), never more than the amount. */
    reversedMinor: bigint("reversed_minor", { mode: "number" }).notNull().default(0),
    /** The batch and row this charge was sent for (bulk charges), or null. */
    batchId: uuid("batch_id").references(() => batches.id),
    batchRow: integer("batch_row"),
    /** The payment request a customer paid this from (their own phone, /pay/<token>), or null. */
    paymentRequestId: uuid("payment_request_id").references(() => paymentRequests.id),
    /**
     * Which of the request's payments this attempt may become (1 … its maximum, or null). The index
     * below lets one attempt at a time hold a slot unless it failed, on any instance.
     */
    paymentSlot: integer("payment_slot"),
    /** A pay-link attempt's address as a keyed digest (lib/payment-requests/limits.ts); cleared by retention. */
    payAddressKey: text("pay_address_key"),
  },
  (t) => [
    // An idempotency key is the member's own: the same key from another member is another
    // charge, never a way to read (or replay) theirs. NULLS NOT DISTINCT: rows with no member
    // (none are made today) still share one key space.
    unique("charges_member_idempotency_key_uq").on(t.createdBy, t.idempotencyKey).nullsNotDistinct(),
    uniqueIndex("charges_reference_uq").on(t.reference).where(sql`${t.reference} is not null`),
    // Search by the start of a reference (LIKE 'TXN-MOMO-1795%'): the unique index above uses
    // the database's collation, which LIKE can range-scan only when it is "C"; text_pattern_ops
    // compares characters, so the prefix is a range in every collation.
    index("charges_reference_prefix_idx").on(t.reference.op("text_pattern_ops")).where(sql`${t.reference} is not null`),
    // History: newest first, keyset-paginated on (created_at, id); one index per equality
    // filter keeps "filter + newest first + limit" an index walk at a million rows.
    // NULLS FIRST because that is what a plain ORDER BY … DESC (drizzle's desc()) means: an
    // index built NULLS LAST does not match it, and PostgreSQL then sorts the whole table
    // (1.5 s per page at 1M rows), although these columns are never null.
    index("charges_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("charges_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("charges_provider_created_idx").on(t.provider, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("charges_created_by_created_idx").on(t.createdBy, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("charges_phone_created_idx").on(t.phoneNumber, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("charges_amount_idx").on(t.amountMinor, t.createdAt.desc()),
    // Search inside descriptions (pg_trgm, created by migration 0002).
    index("charges_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    check("charges_amount_positive", sql`${t.amountMinor} > 0`),
    check("charges_reversed_within_amount", sql`${t.reversedMinor} >= 0 and ${t.reversedMinor} <= ${t.amountMinor}`),
    // History filtered by batch, newest first.
    index("charges_batch_created_idx")
      .on(t.batchId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.batchId} is not null`),
    // A request's attempts, newest first; and its slots, each held by one attempt that has not failed.
    index("charges_payment_request_created_idx")
      .on(t.paymentRequestId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.paymentRequestId} is not null`),
    uniqueIndex("charges_payment_slot_uq")
      .on(t.paymentRequestId, t.paymentSlot)
      .where(sql`${t.paymentSlot} is not null and ${t.status} <> 'failed'`),
  ],
);

/**
 * Money given back on a successful charge outside the upstream (a network reversal the
 * customer asked for, cash at the counter): recorded, never sent. charges.reversed_minor is
 * their sum, kept in the same statement.
 */
export const chargeReversals = pgTable(
  "charge_reversals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /** How the money went back: lib/charges/reversal-methods.ts lists the values. */
    method: text("method").notNull(),
    note: text("note").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("charge_reversals_charge_idx").on(t.chargeId, t.createdAt),
    check("charge_reversals_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

export type ChargeReversal = typeof chargeReversals.$inferSelect;

/**
 * A batch's rows as the maker prepared them, and how far each got:
 *   queued     not sent; the job queue will send it (or it waits while the batch is paused)
 *   sending    claimed by a worker: its charge may exist (the ledger decides, never a resend)
 *   sent       its charge exists (charge_id); the charge's status is its outcome
 *   cancelled  the batch was cancelled or rejected before this row was sent
 */
/** skipped: a possible duplicate the approver chose to leave out (the batch_approved audit entry says who). */
export const BATCH_ROW_STATES = ["queued", "sending", "sent", "cancelled", "skipped"] as const;

export const batchRows = pgTable(
  "batch_rows",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id),
    /** 1-based, as in the maker's file. */
    rowNumber: integer("row_number").notNull(),
    phoneNumber: text("phone_number").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    description: text("description").notNull().default(""),
    customerReference: text("customer_reference"),
    state: text("state", { enum: BATCH_ROW_STATES }).notNull().default("queued"),
    chargeId: uuid("charge_id").references(() => charges.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.rowNumber] }),
    index("batch_rows_state_idx").on(t.batchId, t.state, t.rowNumber),
    index("batch_rows_charge_idx").on(t.chargeId).where(sql`${t.chargeId} is not null`),
    check("batch_rows_amount_positive", sql`${t.amountMinor} > 0`),
    check("batch_rows_state_check", sql`${t.state} in ('queued', 'sending', 'sent', 'cancelled', 'skipped')`),
  ],
);

export type BatchRow = typeof batchRows.$inferSelect;

/** What happened to a charge, in order: the timeline support reads. */
export const chargeEvents = pgTable(
  "charge_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id),
    type: text("type", { enum: ["created", "sent", "answered", "status_checked", "interrupted", "reconciled", "reversed"] }).notNull(),
    status: text("status"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    actor: text("actor"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("charge_events_charge_idx").on(t.chargeId, t.id)],
);

export type Charge = typeof charges.$inferSelect;
export type NewCharge = typeof charges.$inferInsert;
export type ChargeEvent = typeof chargeEvents.$inferSelect;

/** Counters for rate-limiter-flexible's Drizzle store, shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

/** Secrets the app makes for itself on first start (e.g. the session-signing secret). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
