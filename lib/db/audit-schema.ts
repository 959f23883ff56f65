// The audit log's tables: the entries (hash-chained by a trigger, migration 0011), their
// signatures (migration 0015) and where signing began. All append-only.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who did what: sign-ins (and failed ones), team changes, charges. Owners read it. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    targetId: text("target_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    ip: text("ip"),
    /** The chain: sha-256 (hex) of the previous row's hash and this row's content (lib/audit-log/chain.ts). */
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_events_actor_idx").on(t.actorId, t.id.desc()),
    index("audit_events_action_idx").on(t.action, t.id.desc()),
    // A bulk batch's charges, found by its id: the audit page shows them as one row and lists
    // them on their own (lib/audit-log/view.ts); without it each page would read every charge entry.
    index("audit_events_batch_charge_idx")
      .on(sql`(${t.detail}->>'batchId')`, t.id.desc())
      .where(sql`${t.action} = 'charge_created' and (${t.detail}->>'batchId') is not null`),
  ],
);

/**
 * Each audit entry's signature: HMAC-SHA-256 of its chain hash with AUDIT_SIGNING_KEY, a key
 * the database does not hold (lib/audit/signing.ts). Written in the entry's own transaction;
 * append-only like the entries (migration 0015).
 */
export const auditSignatures = pgTable("audit_signatures", {
  // No foreign key: the entries' append-only trigger is what keeps them (a key would also make
  // TRUNCATE fail for another reason than that trigger's).
  eventId: bigint("event_id", { mode: "number" }).primaryKey(),
  /** Which key signed it: the first 16 hex digits of the key's SHA-256. */
  keyId: text("key_id").notNull(),
  signature: text("signature").notNull(),
});

/** Entries before this id were written before entries were signed (one row, set by migration 0015). */
export const auditSigningStart = pgTable(
  "audit_signing_start",
  {
    id: integer("id").primaryKey().default(1),
    firstSignedId: bigint("first_signed_id", { mode: "number" }).notNull(),
  },
  (t) => [check("audit_signing_start_single_row", sql`${t.id} = 1`)],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
