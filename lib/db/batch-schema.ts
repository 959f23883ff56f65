// Bulk charges: a batch of rows prepared by one member (the maker) and approved by an owner (the
// checker); each row becomes a normal charge through the same path. The rows live in
// batch_rows (lib/db/schema.ts, beside the ledger they point into).
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const BATCH_STATUSES = ["awaiting_approval", "rejected", "running", "paused", "cancelled", "completed"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the maker called it (the file's name by default). */
    label: text("label").notNull(),
    status: text("status", { enum: BATCH_STATUSES }).notNull().default("awaiting_approval"),
    rowCount: integer("row_count").notNull(),
    /** Minor units per currency: { "GHS": 125000 }. */
    totals: jsonb("totals").$type<Record<string, number>>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who approved or rejected it, and when. */
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The last pause, resume or cancel. */
    changedBy: text("changed_by"),
    changedAt: timestamp("changed_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("batches_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("batches_status_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("batches_row_count_check", sql`${t.rowCount} between 1 and 10000`),
    check("batches_status_check", sql`${t.status} in ('awaiting_approval', 'rejected', 'running', 'paused', 'cancelled', 'completed')`),
  ],
);

export type Batch = typeof batches.$inferSelect;
