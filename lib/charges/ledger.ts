// Ledger queries. Each takes the database first, so tests hand it a throw-away PGlite.
// The answer to a charge is recorded in ./answer, status lookups in ./status-check.
import { emitChargeOutcome } from "@/lib/events";
import { and, desc, eq, getTableColumns, isNull, lte, sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";
import { chargeEvents, charges, type Charge, type NewCharge } from "@/lib/db/schema";
import { type PlaceArgs, placeSql, type Refusal } from "@/lib/momo/budget";
import { DUPLICATE_COLUMNS, duplicateOf, type PossibleDuplicate, recentAndLive } from "./duplicates";
import { countOutcome, type EventType } from "./ledger-sql";

/** A new charge's row, as the charge path writes it (the rest of the columns take their defaults). */
export type ChargeRow = Pick<
  NewCharge,
  "idempotencyKey" | "requestHash" | "amountMinor" | "currency" | "phoneNumber" | "provider" | "vouchers" | "description"
> & {
  createdBy: string | null;
  phoneHidden?: boolean;
  batchId?: string | null;
  batchRow?: number | null;
  /** The pay link a customer paid this from, and the slot of its payments this attempt holds (lib/payment-requests/pay.ts). */
  paymentRequestId?: string | null;
  paymentSlot?: number | null;
  /** The pay-link attempt's address, as its digest (lib/payment-requests/limits.ts). */
  payAddressKey?: string | null;
};

/**
 * How a new charge gets its place in the outbound budget (lib/momo/budget.ts):
 *   take   taken in the same statement as the row (the usual case)
 *   held   taken before by the caller (a batch's row: lib/batches/runner.ts); the statement marks
 *          it sent, or gives it back when the key already had a row
 *   none   no budget (tests, tools)
 */
export type BeginPlace = { take: PlaceArgs } | { held: number } | "none";

export type Begun =
  /** The row was written, with its `created` event (and its place taken, when `take`). */
  | { kind: "created"; charge: Charge }
  /** This member's key already made a row: nothing was written, no place taken. */
  | { kind: "replay"; charge: Charge }
  /** A recent charge to the number for the amount may be this one again: nothing written, no place taken. */
  | { kind: "duplicate"; earlier: PossibleDuplicate }
  /** No place in the budget now: nothing written. */
  | { kind: "refused"; refusal: Refusal };

/**
 * The start of a charge, in one statement (one round trip, one commit): the row its idempotency
 * key already made (a replay), else a recent possible duplicate (when `duplicateWindowMinutes`
 * asks for the check; ./duplicates.ts), else a place in the budget, else the row with its
 * `created` event. Each step runs only when the one before found nothing, so a replay or a
 * duplicate takes no place, and a refused place writes no row. The unique index decides between
 * racing requests with one key: exactly one inserts, and a loser that took a place gives it back.
 */
export async function beginCharge(db: Db, row: ChargeRow, place: BeginPlace, duplicateWindowMinutes = 0): Promise<Begun> {
  const mine = row.createdBy === null ? sql`created_by is null` : sql`created_by = ${row.createdBy}`;
  const duplicates =
    duplicateWindowMinutes > 0
      ? sql`select ${DUPLICATE_COLUMNS} from ${charges} c
             where c.phone_number = ${row.phoneNumber} and c.amount_minor = ${row.amountMinor} and c.currency = ${row.currency}
               and ${recentAndLive(duplicateWindowMinutes)}
               and not exists (select 1 from prior)
             order by c.created_at desc limit 1`
      : sql`select null where false`;
  const take = typeof place === "object" && "take" in place ? place.take : null;
  const held = typeof place === "object" && "held" in place ? place.held : null;
  // `gate` has its one row only when there is neither a replay nor a duplicate. The place is
  // taken by a lateral call on that row: no row, no call, so a replay or a duplicate takes none.
  const placeRow = take
    ? sql`select t.granted, t.wait_ms, t.paused, t.call_id from gate cross join lateral ${placeSql.take(take, sql`gate.allowed`)} t`
    : sql`select true as granted, 0 as wait_ms, false as paused, ${held}::bigint as call_id from gate`;
  const [r] = rowsOf<{ inserted: Json | null; prior: Json | null; dup: Json | null; place: Json | null }>(
    await db.execute(sql`
      with prior as (select * from ${charges} where ${mine} and idempotency_key = ${row.idempotencyKey}),
      dup as (${duplicates}),
      gate as (select ${take?.allowed ?? 0}::int as allowed where not exists (select 1 from prior) and not exists (select 1 from dup)),
      place as (${placeRow}),
      ins as (
        insert into ${charges} (idempotency_key, request_hash, amount_minor, currency, phone_number, provider, vouchers,
                                description, created_by, phone_hidden, batch_id, batch_row, payment_request_id, payment_slot,
                                pay_address_key)
        select ${row.idempotencyKey}::text, ${row.requestHash}::text, ${row.amountMinor}::bigint, ${row.currency}::text,
               ${row.phoneNumber}::text, ${row.provider}::text, ${row.vouchers ?? ""}::text, ${row.description ?? ""}::text,
               ${row.createdBy}::text, ${row.phoneHidden ?? false}::boolean, ${row.batchId ?? null}::uuid, ${row.batchRow ?? null}::int,
               ${row.paymentRequestId ?? null}::uuid, ${row.paymentSlot ?? null}::int, ${row.payAddressKey ?? null}::text
          from place where place.granted
        on conflict (created_by, idempotency_key) do nothing
        returning *),
      ev as (insert into ${chargeEvents} (charge_id, type, status, actor)
             select id, 'created', status, created_by from ins returning 1)${
               held === null
                 ? sql``
                 : sql`,
      sent as (${placeSql.sent(held)} and exists (select 1 from ins) returning 1),
      unused as (${placeSql.release(held)} and not exists (select 1 from ins) returning 1)`
             }
      select (select to_jsonb(ins) from ins) as inserted, (select to_jsonb(prior) from prior) as prior,
             (select to_jsonb(dup) from dup) as dup, (select to_jsonb(place) from place) as place`),
  );
  if (r.inserted) return { kind: "created", charge: chargeFromJson(r.inserted) };
  if (r.prior) return { kind: "replay", charge: chargeFromJson(r.prior) };
  if (r.dup) return { kind: "duplicate", earlier: duplicateOf(r.dup) };
  const p = r.place as { granted: boolean; wait_ms: number; paused: boolean; call_id: number | null } | null;
  if (p && !p.granted) return { kind: "refused", refusal: { granted: false, retryAfterMs: p.wait_ms, paused: p.paused } };
  // A request with the same key wrote its row after this statement began: give the place back
  // (a held one was, in the statement) and answer that row.
  if (p?.call_id != null && held === null) await db.execute(placeSql.release(Number(p.call_id)));
  const existing = await findChargeByKey(db, row.idempotencyKey, row.createdBy);
  if (!existing) throw new Error("charge neither inserted nor found for its idempotency key");
  return { kind: "replay", charge: existing };
}

type Json = Record<string, unknown>;
const chargeColumns = Object.entries(getTableColumns(charges));

/** A ledger row as `to_jsonb` gives it, typed as Drizzle reads it (dates, numbers). */
function chargeFromJson(j: Json): Charge {
  return Object.fromEntries(
    chargeColumns.map(([key, col]) => [key, j[col.name] == null ? null : col.mapFromDriverValue(j[col.name])]),
  ) as Charge;
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
 * At least `olderThanMs` old, so `<=`: PGlite's clock counts milliseconds, and a row written in
 * the same millisecond as the sweep is as old as 0 ms says.
 */
export async function recoverInterrupted(db: Db, olderThanMs: number): Promise<number> {
  const recovered = await db.transaction(async (tx) => {
    const rows = await tx
      .update(charges)
      .set({
        status: "unknown",
        outcomeCode: "interrupted",
        message: "The app stopped before the upstream's answer was recorded. The money may have moved.",
        updatedAt: sql`now()`,
      })
      .where(and(eq(charges.status, "submitting"), lte(charges.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)))
      .returning();
    if (rows.length) {
      await tx.insert(chargeEvents).values(rows.map((r) => ({ chargeId: r.id, type: "interrupted" as EventType, status: "unknown" })));
      // Each became unknown: others must hear of it (the outbox), with the change.
      for (const r of rows) await emitChargeOutcome(tx, r, "submitting");
    }
    return rows;
  });
  for (const r of recovered) countOutcome(r, "submitting");
  return recovered.length;
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
