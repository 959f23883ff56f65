// What a delivery says: { type, timestamp, data } (the Standard Webhooks shape). `data` holds what
// the merchant's system needs to act: ids, status, amount, currency, references, times, and a pay
// link's metadata (the merchant's own pairs, given back to it). The status
// is the event's (what happened then), the rest is read from the ledger when it is sent. The
// customer's number is masked unless the endpoint's owner chose to include it (audited); a
// description, a note or a member's email is never in it.
import "server-only";
import { desc, eq, type SQL } from "drizzle-orm";
import { cursorAt } from "@/lib/cursor";
import type { Db } from "@/lib/db/open";
import { batches, type Charge, charges, type Event, paymentRequests } from "@/lib/db/schema";
import { maskPhone } from "@/lib/market/phone-mask";
import { minorToDecimal } from "@/lib/money";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A charge as every merchant-facing answer shows it (webhooks, events, /api/v1/charges): its pay
 * link's metadata with it when it was paid from one. `payment_request_id` is pay_link_id's first
 * name, kept for receivers written before.
 */
export function chargePayload(c: Charge, metadata: Record<string, string> | null, wholeNumber: boolean) {
  return {
    object: "charge" as const,
    id: c.id,
    status: c.status,
    amount: minorToDecimal(c.amountMinor, c.currency),
    amount_minor: c.amountMinor,
    currency: c.currency,
    reference: c.reference,
    network: c.provider,
    phone_number: wholeNumber && !c.redactedAt ? c.phoneNumber : maskPhone(c.phoneNumber),
    source: c.batchId ? ("batch" as const) : c.paymentRequestId ? ("pay_link" as const) : ("dashboard" as const),
    batch_id: c.batchId,
    pay_link_id: c.paymentRequestId,
    payment_request_id: c.paymentRequestId,
    metadata: c.paymentRequestId ? (metadata ?? {}) : null,
    created_at: c.createdAt.toISOString(),
    settled_at: iso(c.settledAt),
  };
}

/** Charges with their pay link's metadata, in one statement. */
export async function chargesWithMetadata(db: Db, where: SQL | undefined, limit?: number) {
  const q = db
    .select({ charge: charges, metadata: paymentRequests.metadata, at: cursorAt(charges.createdAt) })
    .from(charges)
    .leftJoin(paymentRequests, eq(paymentRequests.id, charges.paymentRequestId))
    .where(where)
    .orderBy(desc(charges.createdAt), desc(charges.id));
  return limit === undefined ? q : q.limit(limit);
}

async function chargeData(db: Db, id: string, wholeNumber: boolean) {
  const [found] = await chargesWithMetadata(db, eq(charges.id, id));
  return found ? chargePayload(found.charge, found.metadata, wholeNumber) : null;
}

export async function payloadOf(
  db: Db,
  e: Pick<Event, "id" | "type" | "subjectId" | "data" | "createdAt">,
  wholeNumber: boolean,
): Promise<string> {
  const d = e.data;
  let data: Record<string, unknown>;
  if (e.type.startsWith("charge.")) {
    const charge = await chargeData(db, e.subjectId, wholeNumber);
    data = { ...charge, status: d.status ?? null };
    if (e.type === "charge.reversed") {
      data.status = "success";
      data.reversal = {
        id: d.reversalId,
        amount_minor: d.amountMinor,
        currency: d.currency,
        method: d.method,
        reversed_minor: d.reversedMinor,
        amount_left_minor: d.amountLeftMinor,
      };
    }
  } else if (e.type.startsWith("batch.")) {
    const [b] = await db.select().from(batches).where(eq(batches.id, e.subjectId));
    data = {
      object: "batch",
      id: e.subjectId,
      status: e.type === "batch.finished" ? "completed" : "awaiting_approval",
      rows: b?.rowCount ?? d.rows ?? null,
      totals_minor: b?.totals ?? d.totals ?? null,
      created_at: iso(b?.createdAt),
      finished_at: iso(b?.finishedAt),
    };
  } else if (e.type === "payment_request.paid") {
    const [r] = await db
      .select({ reference: paymentRequests.reference, metadata: paymentRequests.metadata })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, e.subjectId));
    data = {
      object: "payment_request",
      id: e.subjectId,
      pay_link_id: e.subjectId,
      payment_request_reference: r?.reference ?? null,
      metadata: r?.metadata ?? {},
      charge_id: d.chargeId,
      amount: typeof d.amountMinor === "number" && typeof d.currency === "string" ? minorToDecimal(d.amountMinor, d.currency) : null,
      amount_minor: d.amountMinor,
      currency: d.currency,
      reference: d.reference,
    };
  } else {
    data = { id: e.subjectId };
  }
  return JSON.stringify({ type: e.type, timestamp: e.createdAt.toISOString(), data });
}
