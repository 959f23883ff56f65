// Writing to the event outbox (lib/db/event-schema.ts), always inside the transaction (or the
// statement) that makes the change: an event exists exactly when its change committed.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { type Charge, type EVENT_TYPES, events } from "@/lib/db/schema";

export type EventType = (typeof EVENT_TYPES)[number];

export async function emitEvent(db: DbOrTx, type: EventType, subjectId: string, data: Record<string, unknown>): Promise<void> {
  await db.insert(events).values({ type, subjectId, data });
}

/** The event of a charge that reached an outcome others must hear of; none while it waits. */
function chargeOutcomeEvent(status: Charge["status"]): EventType | null {
  return status === "success" ? "charge.succeeded" : status === "failed" ? "charge.failed" : status === "unknown" ? "charge.unknown" : null;
}

/** What a charge's event carries: ids, status and money; never the number or the description. */
function chargeEventData(c: Charge): Record<string, unknown> {
  return {
    chargeId: c.id,
    status: c.status,
    amountMinor: c.amountMinor,
    currency: c.currency,
    reference: c.reference,
    provider: c.provider,
    createdBy: c.createdBy,
    batchId: c.batchId,
    paymentRequestId: c.paymentRequestId,
  };
}

/** Emits the charge's outcome event when `before` → `row.status` reached one. */
export async function emitChargeOutcome(db: DbOrTx, row: Charge, before: Charge["status"] | null): Promise<void> {
  const type = chargeOutcomeEvent(row.status);
  if (type && row.status !== before) await emitEvent(db, type, row.id, chargeEventData(row));
}

/**
 * The same, as SQL over a CTE of updated charge rows (`upd`, all columns): for the answer, which
 * is written in one statement (lib/charges/answer.ts). Rows were `submitting`, so any outcome is new.
 */
export function chargeOutcomeEventsFrom(upd: SQL): SQL {
  return sql`insert into ${events} (type, subject_id, data)
    select case status when 'success' then 'charge.succeeded' when 'failed' then 'charge.failed' else 'charge.unknown' end,
           id::text,
           jsonb_build_object('chargeId', id, 'status', status, 'amountMinor', amount_minor, 'currency', currency,
                              'reference', reference, 'provider', provider, 'createdBy', created_by, 'batchId', batch_id,
                              'paymentRequestId', payment_request_id)
      from ${upd} where status in ('success', 'failed', 'unknown')
    returning 1 as done`;
}
