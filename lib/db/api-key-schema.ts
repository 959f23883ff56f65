// The merchant's API keys (lib/api-keys/) and the answers kept for their Idempotency-Keys. A key's
// secret is kept only as its SHA-256 (it is 190 random bits: a digest cannot be walked back, and
// one indexed lookup finds it); what signs the customer's way back to the shop is kept whole, as a
// webhook endpoint's secret is, because the dashboard signs with it.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The upstream key's mode when it was made: a TEST key works only while the dashboard runs TEST. */
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    /** What the owner sees of it afterwards: `mdk_test_` and the first characters of its secret part. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole key. */
    secretHash: text("secret_hash").notNull(),
    /** `whsec_…`: signs the return to the shop of a pay link this key made (Standard Webhooks). */
    signingSecret: text("signing_secret").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute (lib/api-keys/authenticate.ts). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_uq").on(t.secretHash),
    index("api_keys_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("api_keys_mode_check", sql`${t.mode} in ('test', 'live')`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;

/**
 * A POST's first answer under its Idempotency-Key, per API key, for 24 hours (Stripe's rules: the
 * same key and body answer it again; another body is refused). Written in the transaction that made
 * what it answers, so a kept answer exists exactly when its change committed.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id),
    key: text("key").notNull(),
    /** The method and path, and SHA-256 of the body as it was parsed: what "the same request" means. */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index("api_idempotency_created_idx").on(t.createdAt)],
);
