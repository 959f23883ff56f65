// Ledger queries. Each takes the database first, so tests hand it a throw-away PGlite.
import { and, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditEvents, chargeEvents, charges, type Charge, type NewCharge } from "@/lib/db/schema";
import { isSettled, type UpstreamOutcome } from "@/lib/momo/status";

type EventType = (typeof chargeEvents.$inferInsert)["type"];

/** What a data-modifying CTE returns when nothing reads it. */
const DONE = { done: sql<number>`1`.as("done") };

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
    db
      .$with("ev", DONE)
      .as(
        sql`insert into ${chargeEvents} (charge_id, type, status, actor) select id, 'created', status, created_by from ${ins} returning 1 as done`,
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
  return {
    httpStatus: outcome.httpStatus,
    code: outcome.code,
    message: outcome.message,
    reference: outcome.reference,
    rawBody: outcome.rawBody,
    ...extra,
  };
}

/** An audit row written with the answer, from the row as answered. */
export type AnswerAudit = { action: string; actorId: string | null; actorEmail: string | null };

/**
 * Records the upstream's answer to the charge POST on a row still `submitting`, with its
 * `answered` event (and `audit`, if given) in the same statement.
 */
export async function recordChargeAnswer(
  db: Db,
  id: string,
  outcome: UpstreamOutcome,
  extra: Record<string, unknown> = {},
  audit?: AnswerAudit,
): Promise<Charge | null> {
  try {
    return await answerInOneStatement(
      db,
      id,
      { ...outcomeColumns(outcome), reference: outcome.reference },
      eventDetail(outcome, extra),
      audit,
    );
  } catch (error) {
    // References are unique in the ledger, and an upstream may answer with one another row
    // already holds. That must not make the answer unrecordable (the row would stay
    // `submitting` and the answer be lost): keep it, without the reference, for a person to
    // reconcile. Rare, so it is found by the unique index rather than looked for every time.
    if (!outcome.reference || !isUniqueViolation(error)) throw error;
    const [clash] = await db
      .select({ id: charges.id })
      .from(charges)
      .where(and(eq(charges.reference, outcome.reference), ne(charges.id, id)));
    if (!clash) throw error;
    const columns = {
      ...outcomeColumns(outcome),
      status: "unknown" as const,
      outcomeCode: "duplicate_reference",
      message: `The upstream answered with reference ${outcome.reference}, which another charge already has. The money may have moved.`,
      reference: null,
      settledAt: null,
    };
    return answerInOneStatement(db, id, columns, eventDetail(outcome, { ...extra, duplicateOf: clash.id }), audit);
  }
}

async function answerInOneStatement(
  db: Db,
  id: string,
  columns: Omit<ReturnType<typeof outcomeColumns>, "outcomeCode" | "status"> & {
    status: Charge["status"];
    outcomeCode: string | null;
    reference: string | null;
  },
  detail: Record<string, unknown>,
  audit: AnswerAudit | undefined,
): Promise<Charge | null> {
  const upd = db.$with("upd").as(
    db
      .update(charges)
      .set(columns)
      .where(and(eq(charges.id, id), eq(charges.status, "submitting")))
      .returning(),
  );
  const ctes = [
    upd,
    db
      .$with("ev", DONE)
      .as(
        sql`insert into ${chargeEvents} (charge_id, type, status, detail) select id, 'answered', status, ${JSON.stringify(detail)}::jsonb from ${upd} returning 1 as done`,
      ),
    ...(audit
      ? [
          db.$with("aud", DONE).as(
            // Only with the answer's own update, like the event: a write retried after it had
            // in fact committed (a lost connection) then adds nothing twice.
            sql`insert into ${auditEvents} (action, actor_id, actor_email, target_id, detail)
                select ${audit.action}, ${audit.actorId}, ${audit.actorEmail}, id::text,
                  jsonb_build_object('amountMinor', amount_minor, 'currency', currency, 'status', status, 'reference', reference)
                from ${upd} returning 1 as done`,
          ),
        ]
      : []),
  ];
  const [row] = await db
    .with(...ctes)
    .select()
    .from(upd);
  return row ?? null;
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (Drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Charges whose outcome a status lookup may still settle. */
export const CHECKABLE_STATUSES = ["pending", "unknown"] as const;

/**
 * Takes the right to ask the upstream about an open charge, at most once per interval,
 * so many open result views (or instances sweeping) cause one status lookup, not one each.
 */
export async function claimStatusCheck(
  db: Db,
  id: string,
  minIntervalMs: number,
  statuses: readonly Charge["status"][] = ["pending"],
): Promise<Charge | null> {
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
export async function recordStatusCheck(
  db: Db,
  id: string,
  outcome: UpstreamOutcome,
  answered: boolean,
  actor: string | null = null,
): Promise<void> {
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
    await tx
      .insert(chargeEvents)
      .values({ chargeId: id, type: "status_checked", status, actor, detail: eventDetail(outcome, { answered }) });
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
