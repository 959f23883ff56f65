// Ledger queries. Each takes the database first, so tests hand it a throw-away PGlite.
import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { chargeEvents, charges, type Charge, type NewCharge } from "@/lib/db/schema";
import { isSettled, type UpstreamOutcome } from "@/lib/momo/status";

type EventType = (typeof chargeEvents.$inferInsert)["type"];

/**
 * Writes the attempt's row, or finds the one its idempotency key already made. The unique
 * index decides between racing requests: exactly one of them inserts.
 */
export async function insertChargeOnce(db: Db, row: NewCharge): Promise<{ charge: Charge; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(charges).values(row).onConflictDoNothing({ target: charges.idempotencyKey }).returning();
    if (inserted) {
      await tx.insert(chargeEvents).values({ chargeId: inserted.id, type: "created", status: inserted.status, actor: row.createdBy ?? null });
      return { charge: inserted, created: true };
    }
    const [existing] = await tx.select().from(charges).where(eq(charges.idempotencyKey, row.idempotencyKey));
    return { charge: existing, created: false };
  });
}

/** The row an idempotency key made, if any. */
export async function findChargeByKey(db: Db, idempotencyKey: string): Promise<Charge | null> {
  const [row] = await db.select().from(charges).where(eq(charges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

function outcomeColumns(outcome: UpstreamOutcome) {
  return {
    status: outcome.status,
    message: outcome.message,
    outcomeCode: outcome.code,
    upstreamHttpStatus: outcome.httpStatus,
    upstreamBody: outcome.rawBody,
    updatedAt: sql`now()`,
    settledAt: isSettled(outcome.status) ? sql`now()` : null,
  };
}

function eventDetail(outcome: UpstreamOutcome, extra: Record<string, unknown>) {
  return { httpStatus: outcome.httpStatus, code: outcome.code, message: outcome.message, reference: outcome.reference, rawBody: outcome.rawBody, ...extra };
}

/** Records the upstream's answer to the charge POST on a row still `submitting`. */
export async function recordChargeAnswer(db: Db, id: string, outcome: UpstreamOutcome, extra: Record<string, unknown> = {}): Promise<Charge | null> {
  return db.transaction(async (tx) => {
    type Columns = Omit<ReturnType<typeof outcomeColumns>, "outcomeCode"> & { outcomeCode: string | null; reference: string | null };
    let columns: Columns = { ...outcomeColumns(outcome), reference: outcome.reference };
    let duplicateOf: string | undefined;
    if (outcome.reference) {
      // References are unique in the ledger. An upstream that answers with one another row
      // already holds must not make the answer unrecordable (the row would stay `submitting`
      // and the answer be lost): keep it, without the reference, for a person to reconcile.
      const [clash] = await tx.select({ id: charges.id }).from(charges).where(and(eq(charges.reference, outcome.reference), ne(charges.id, id)));
      if (clash) {
        duplicateOf = clash.id;
        columns = {
          ...columns,
          status: "unknown",
          outcomeCode: "duplicate_reference",
          message: `The upstream answered with reference ${outcome.reference}, which another charge already has. The money may have moved.`,
          reference: null,
          settledAt: null,
        };
      }
    }
    const [row] = await tx
      .update(charges)
      .set(columns)
      .where(and(eq(charges.id, id), eq(charges.status, "submitting")))
      .returning();
    if (row) {
      const detail = eventDetail(outcome, duplicateOf ? { ...extra, duplicateOf } : extra);
      await tx.insert(chargeEvents).values({ chargeId: id, type: "answered", status: row.status, detail });
    }
    return row ?? null;
  });
}

/** Charges whose outcome a status lookup may still settle. */
export const CHECKABLE_STATUSES = ["pending", "unknown"] as const;

/**
 * Takes the right to ask the upstream about an open charge, at most once per interval,
 * so many open result views (or instances sweeping) cause one status lookup, not one each.
 */
export async function claimStatusCheck(db: Db, id: string, minIntervalMs: number, statuses: readonly Charge["status"][] = ["pending"]): Promise<Charge | null> {
  const [row] = await db
    .update(charges)
    .set({ lastCheckedAt: sql`now()` })
    .where(
      and(
        eq(charges.id, id),
        inArray(charges.status, [...statuses]),
        or(isNull(charges.lastCheckedAt), lt(charges.lastCheckedAt, sql`now() - make_interval(secs => ${minIntervalMs / 1000})`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a status lookup; the row moves only if the lookup answered with a status. */
export async function recordStatusCheck(db: Db, id: string, outcome: UpstreamOutcome, answered: boolean, actor: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    let status: string | null = null;
    if (answered) {
      const [row] = await tx
        .update(charges)
        .set(outcomeColumns(outcome))
        .where(and(eq(charges.id, id), inArray(charges.status, [...CHECKABLE_STATUSES])))
        .returning({ status: charges.status });
      status = row?.status ?? null;
    }
    await tx.insert(chargeEvents).values({ chargeId: id, type: "status_checked", status, actor, detail: eventDetail(outcome, { answered }) });
  });
}

/**
 * Rows left `submitting` by a process that died between writing the row and recording the
 * answer: their outcome is not known, so they become `unknown` for a person to reconcile.
 */
export async function recoverInterrupted(db: Db, olderThanMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(charges)
      .set({ status: "unknown", outcomeCode: "interrupted", message: "The app stopped before the upstream's answer was recorded. The money may have moved.", updatedAt: sql`now()` })
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
