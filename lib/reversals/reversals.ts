// Reversals: money given back on a successful charge outside the upstream (a network reversal
// the customer asked for, cash at the counter). Recording one never calls the upstream. The
// charge's reversed_minor, the reversal row, the timeline event and the outbox's charge.reversed
// (lib/events/emit.ts) are written by ONE
// statement whose UPDATE holds the charge's row lock and re-checks what is left, so requests
// racing on one charge (on any number of instances) can never together give back more than
// the amount: each waits for the one before, then sees its sum. A form that says what had been
// given back when it was shown (`seen`) is recorded only if that is still so, in the same UPDATE:
// sent twice at once, the second finds the first's sum and records nothing.
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { rowsOf, type Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, CURRENCIES, formatMoney, parseAmount } from "@/lib/money";
import { getCharge, viewOfCharge } from "@/lib/charges";
import type { Asker } from "@/lib/access/types";
import type { ReversalInput } from "./schema";

type RecordedReversal = { reversalId: string; reversedMinor: number; amountMinor: number };

/**
 * Writes the reversal if the charge succeeded, at least `amountMinor` is left and (when `seen` is
 * given) exactly `seen` has been given back so far; null otherwise (the caller reads the charge
 * again to say why).
 */
export async function recordReversal(
  db: Db,
  chargeId: string,
  r: { amountMinor: number; method: string; note: string; actor: string; seen?: number },
): Promise<RecordedReversal | null> {
  const [row] = rowsOf<{ reversal_id: string; reversed_minor: string | number; amount_minor: string | number }>(
    await db.execute(sql`
      with moved as (
        update charges
           set reversed_minor = reversed_minor + ${r.amountMinor}, updated_at = now()
         where id = ${chargeId} and status = 'success' and reversed_minor + ${r.amountMinor} <= amount_minor
           and (${r.seen ?? null}::bigint is null or reversed_minor = ${r.seen ?? null}::bigint)
        returning id, reversed_minor, amount_minor, currency
      ), kept as (
        insert into charge_reversals (charge_id, amount_minor, method, note, created_by)
        select id, ${r.amountMinor}, ${r.method}, ${r.note}, ${r.actor} from moved
        returning id, charge_id
      ), told as (
        insert into charge_events (charge_id, type, status, actor, detail)
        select m.id, 'reversed', 'success', ${r.actor},
               jsonb_build_object('reversalId', k.id, 'amountMinor', ${r.amountMinor}::bigint, 'currency', m.currency,
                                  'method', ${r.method}::text, 'note', ${r.note}::text,
                                  'reversedMinor', m.reversed_minor, 'amountLeftMinor', m.amount_minor - m.reversed_minor)
          from moved m join kept k on k.charge_id = m.id
        returning id
      ), outbox as (
        insert into events (type, subject_id, data)
        select 'charge.reversed', m.id::text,
               jsonb_build_object('chargeId', m.id, 'reversalId', k.id, 'amountMinor', ${r.amountMinor}::bigint,
                                  'currency', m.currency, 'method', ${r.method}::text, 'reversedMinor', m.reversed_minor,
                                  'amountLeftMinor', m.amount_minor - m.reversed_minor, 'by', ${r.actor}::text)
          from moved m join kept k on k.charge_id = m.id
        returning id
      )
      select k.id as reversal_id, m.reversed_minor, m.amount_minor from moved m join kept k on k.charge_id = m.id`),
  );
  return row ? { reversalId: row.reversal_id, reversedMinor: Number(row.reversed_minor), amountMinor: Number(row.amount_minor) } : null;
}

/** Said when a form's `seen` is no longer what has been given back. */
export const REVERSAL_MOVED =
  "Another reversal was recorded on this charge since this form was opened: check what is left, then record again.";

/**
 * A person records money given back on a successful charge (never an upstream call): checked,
 * written, audited (without the note); the charge as it now is. `seen`: what had been given back
 * when the person's form was shown; recorded only if that is still so.
 */
export async function reverseCharge({ db, member }: Asker, chargeId: string, input: ReversalInput, seen?: number) {
  const charge = await getCharge(db, chargeId);
  if (!charge) throw new AppError("not_found", "No charge with this id.");
  if (charge.status !== "success") {
    throw new AppError("not_reversible", `This charge is ${charge.status}: only a successful charge can be reversed.`);
  }
  const currency = charge.currency as CurrencyCode;
  const amount = currency in CURRENCIES ? parseAmount(input.amount, currency) : ({ ok: false, message: "Unknown currency" } as const);
  if (!amount.ok) throw new AppError("invalid_request", amount.message, { fields: { amount: amount.message } });
  const recorded = await recordReversal(db, chargeId, {
    amountMinor: amount.minor,
    method: input.method,
    note: input.note,
    actor: member.id,
    seen,
  });
  if (!recorded) {
    // Read again: another reversal may have landed meanwhile (or the charge changed).
    const now = await getCharge(db, chargeId);
    if (now?.status !== "success") throw new AppError("not_reversible", "Only a successful charge can be reversed.");
    if (seen !== undefined && now.reversedMinor !== seen) throw new AppError("not_reversible", REVERSAL_MOVED);
    const left = now.amountMinor - now.reversedMinor;
    const message =
      left === 0
        ? "This charge has been reversed in full already."
        : `At most ${formatMoney(left, now.currency)} is left to reverse on this charge.`;
    throw new AppError("invalid_request", message, { fields: { amount: message } });
  }
  await audit(db, {
    action: "charge_reversed",
    actor: member,
    targetId: chargeId,
    // The note stays on the charge's timeline: it may name the customer.
    detail: {
      amountMinor: amount.minor,
      currency: charge.currency,
      method: input.method,
      reversedMinor: recorded.reversedMinor,
      amountLeftMinor: recorded.amountMinor - recorded.reversedMinor,
    },
  });
  return viewOfCharge(db, chargeId, member);
}
