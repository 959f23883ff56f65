// Recording the upstream's answer to a charge POST. Takes the database first, so tests hand
// it a throw-away PGlite.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { isUniqueViolation } from "@/lib/db/errors";
import { audit, type AuditAction } from "@/lib/audit";
import { chargeEvents, charges, type Charge } from "@/lib/db/schema";
import type { UpstreamOutcome } from "@/lib/momo/status";
import { countOutcome, DONE, eventDetail, outcomeColumns } from "./ledger-sql";
import { chargeOutcomeEventsFrom } from "@/lib/events";
import { recordLinkPayment } from "./link-payment";

/**
 * An audit row written with the answer, from the row as answered. `detail`: what the entry adds to
 * the charge's own (a bulk batch's charge names its batch and who approved it).
 */
export type AnswerAudit = { action: AuditAction; actorId: string | null; actorEmail: string | null; detail?: Record<string, unknown> };

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

/**
 * The answer's update and its event in one statement; the audit entry (written by audit(), which
 * signs it) in the same transaction, only when this call's update matched: a write retried after
 * it had in fact committed (a lost connection) then adds nothing twice.
 */
async function answerInOneStatement(
  db: Db,
  id: string,
  columns: Omit<ReturnType<typeof outcomeColumns>, "outcomeCode" | "status"> & {
    status: Charge["status"];
    outcomeCode: string | null;
    reference: string | null;
  },
  detail: Record<string, unknown>,
  answerAudit: AnswerAudit | undefined,
): Promise<Charge | null> {
  const write = async (tx: Db) => {
    const upd = tx.$with("upd").as(
      tx
        .update(charges)
        .set(columns)
        .where(and(eq(charges.id, id), eq(charges.status, "submitting")))
        .returning(),
    );
    const ev = tx.$with("ev", DONE).as(
      sql`insert into ${chargeEvents} (charge_id, type, status, detail)
          select id, 'answered', status, ${JSON.stringify(detail)}::jsonb from ${upd} returning 1 as done`,
    );
    // The outcome's event for the outbox (lib/events/emit.ts), in the same statement.
    const outbox = tx.$with("outbox", DONE).as(chargeOutcomeEventsFrom(sql`upd`));
    const [row] = await tx.with(upd, ev, outbox).select().from(upd);
    if (row && answerAudit) {
      await audit(tx, {
        action: answerAudit.action,
        actor: answerAudit.actorId ? { id: answerAudit.actorId, email: answerAudit.actorEmail } : null,
        actorEmail: answerAudit.actorEmail,
        targetId: row.id,
        detail: {
          amountMinor: row.amountMinor,
          currency: row.currency,
          status: row.status,
          reference: row.reference,
          ...answerAudit.detail,
        },
      });
      // A pay link's charge always comes with its audit entry, so its success is recorded here too.
      await recordLinkPayment(tx, row as Charge, "answer");
    }
    return (row as Charge | undefined) ?? null;
  };
  // A transaction only when there is an audit entry to write with the answer.
  const row = await (answerAudit ? db.transaction((tx) => write(tx as unknown as Db)) : write(db));
  if (row) countOutcome(row, "submitting");
  return row;
}
