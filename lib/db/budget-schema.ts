// The outbound budget's tables (lib/momo/budget.ts): the places each key's requests take, and the
// pause a 429 sets.
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The outbound budget's places: `limit` rows per key (`key_id` is a digest of the key, never the
 * key), each the date its last request left. A request takes the place whose last use left the
 * window longest ago, locking only that row, so instances on one database never queue behind
 * each other; see lib/momo/budget.ts and the function momo_take_place (migration 0017).
 * `call_id` names one use of a place (a new one each time it is taken), so that marking it sent
 * or giving it back can never touch a later use of the same place.
 */
export const upstreamPlaces = pgTable(
  "upstream_places",
  {
    keyId: text("key_id").notNull(),
    slot: integer("slot").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    kind: text("kind").notNull().default(""),
    callId: bigint("call_id", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.slot] }),
    index("upstream_places_key_sent_idx").on(t.keyId, t.sentAt, t.slot),
    uniqueIndex("upstream_places_call_idx").on(t.callId),
  ],
);

/** Until when a key must not be used, after the upstream answered 429. */
export const upstreamPauses = pgTable("upstream_pauses", {
  keyId: text("key_id").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});
