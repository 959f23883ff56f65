// Ledger queries. Each takes the database first, so tests hand it a throw-away PGlite.
// The answer to a charge is recorded in ./charge-answer, status lookups in ./status-check.
import { and, desc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { chargeEvents, charges, type Charge, type NewCharge } from "@/lib/db/schema";
import { DONE, type EventType } from "./ledger-sql";

/** SQL run in the same statement as a ledger write, only when that write happened (or did not). */
export type Alongside = { ifWritten?: SQL; ifNotWritten?: SQL };

/**
 * Writes the attempt's row with its `created` event, or finds the one its idempotency key
 * already made. The unique index decides between racing requests: exactly one of them
 * inserts. One statement, so the row, its event and `alongside` commit together (and in one
 * round trip: every statement a charge waits for is time added to it).
 */
export async function insertChargeOnce(db: Db, row: NewCharge, alongside: Alongside = {}): Promise<{ charge: Charge; created: boolean }> {
  const ins = db.$with("ins").as(
    db
      .insert(charges)
      .values(row)
      .onConflictDoNothing({ target: [charges.createdBy, charges.idempotencyKey] })
      .returning(),
  );
  const ctes = [
    ins,
    db.$with("ev", DONE).as(
      sql`insert into ${chargeEvents} (charge_id, type, status, actor)
          select id, 'created', status, created_by from ${ins} returning 1 as done`,
    ),
    ...(alongside.ifWritten
      ? [db.$with("written", DONE).as(sql`${alongside.ifWritten} and exists (select 1 from ${ins}) returning 1 as done`)]
      : []),
    ...(alongside.ifNotWritten
      ? [db.$with("not_written", DONE).as(sql`${alongside.ifNotWritten} and not exists (select 1 from ${ins}) returning 1 as done`)]
      : []),
  ];
  const [inserted] = await db
    .with(...ctes)
    .select()
    .from(ins);
  if (inserted) return { charge: inserted, created: true };
  const existing = await findChargeByKey(db, row.idempotencyKey, row.createdBy ?? null);
  if (!existing) throw new Error("charge neither inserted nor found for its idempotency key");
  return { charge: existing, created: false };
}

/** The row this member's idempotency key made, if any (keys are each member's own). */
export async function findChargeByKey(db: Db, idempotencyKey: string, createdBy: string | null): Promise<Charge | null> {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(eq(charges.idempotencyKey, idempotencyKey), createdBy === null ? isNull(charges.createdBy) : eq(charges.createdBy, createdBy)),
    );
  return row ?? null;
}

/**
 * Rows left `submitting` by a process that died between writing the row and recording the
 * answer: their outcome is not known, so they become `unknown` for a person to reconcile.
 */
export async function recoverInterrupted(db: Db, olderThanMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(charges)
      .set({
        status: "unknown",
        outcomeCode: "interrupted",
        message: "The app stopped before the upstream's answer was recorded. The money may have moved.",
        updatedAt: sql`now()`,
      })
      .where(and(eq(charges.status, "submitting"), lt(charges.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)))
      .returning({ id: charges.id });
    if (rows.length) {
      await tx.insert(chargeEvents).values(rows.map((r) => ({ chargeId: r.id, type: "interrupted" as EventType, status: "unknown" })));
    }
    return rows.length;
  });
}

export async function getCharge(db: Db, id: string): Promise<Charge | null> {
  const [row] = await db.select().from(charges).where(eq(charges.id, id));
  return row ?? null;
}

export async function listRecentCharges(db: Db, limit = 50): Promise<Charge[]> {
  return db.select().from(charges).orderBy(desc(charges.createdAt), desc(charges.id)).limit(limit);
}

export async function listEvents(db: Db, chargeId: string) {
  return db.select().from(chargeEvents).where(eq(chargeEvents.chargeId, chargeId)).orderBy(chargeEvents.id);
}
