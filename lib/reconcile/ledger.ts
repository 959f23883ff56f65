// Reconciliation queries: settling one by hand, the sweep's list (the queue is queue.ts).
import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { chargeEvents, charges, type Charge } from "@/lib/db/schema";
import { recordLinkPayment, CHECKABLE_STATUSES } from "@/lib/charges";
import { emitChargeOutcome } from "@/lib/events";
import { inQueue } from "./queue";

/**
 * A person settles a charge of the reconciliation queue by hand, with a note: an unknown one, or
 * one pending for longer than `pendingMs` (a younger one still has the customer's prompt on their
 * phone). Returns null if it was not in the queue.
 */
export async function recordResolution(
  db: Db,
  id: string,
  resolution: { outcome: "success" | "failed"; note: string; actor: string; actorEmail?: string },
  pendingMs: number,
): Promise<Charge | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: charges.status }).from(charges).where(eq(charges.id, id)).for("update");
    const [row] = await tx
      .update(charges)
      .set({
        status: resolution.outcome,
        outcomeCode: "reconciled",
        message: `Resolved by hand: ${resolution.note}`,
        updatedAt: sql`now()`,
        settledAt: sql`now()`,
      })
      .where(and(eq(charges.id, id), inQueue(pendingMs)))
      .returning();
    if (row) {
      // What others must hear of, in the same transaction: the outcome, and a pay link's payment.
      await emitChargeOutcome(tx, row, before?.status ?? null);
      await recordLinkPayment(tx, row, "hand", { id: resolution.actor, email: resolution.actorEmail ?? "" });
      await tx.insert(chargeEvents).values({
        chargeId: id,
        type: "reconciled",
        status: row.status,
        actor: resolution.actor,
        detail: { from: before?.status, note: resolution.note },
      });
    }
    return row ?? null;
  });
}

/** Open charges with a reference that the background sweep may look up. */
export async function listSweepable(db: Db, olderThanMs: number, limit = 100): Promise<{ id: string }[]> {
  return db
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        inArray(charges.status, [...CHECKABLE_STATUSES]),
        isNotNull(charges.reference),
        lt(charges.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(sql`${charges.lastCheckedAt} asc nulls first`, asc(charges.createdAt))
    .limit(limit);
}
