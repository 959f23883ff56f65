// A customer paying from a pay link: the link must be taking payments, the number and amount must
// be the link's, the attempt must find a free slot of the link's payments (the database's unique
// index decides between payers racing for it, on any instance), and the address, the link and the
// number must be within their limits (./limits.ts). Then it is a charge like any other: ledger row
// first, its own idempotency key, within the pay links' share of the budget; never sent twice.
import "server-only";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { createCharge, findChargeByKey } from "@/lib/charges";
import { idempotencyKeySchema } from "@/lib/charges/schema";
import { phoneNumberField } from "@/lib/market/customer-fields";
import { getCustomer } from "@/lib/customers";
import type { Visitor } from "@/lib/access/types";
import { isUniqueViolation } from "@/lib/db/errors";
import { type Db, rowsOf } from "@/lib/db/open";
import { charges, type Charge, paymentRequests, type PaymentRequest } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { maskPhone } from "@/lib/market/phone-mask";
import { type ProviderId, suggestProvider } from "@/lib/market/networks";
import { failureWords } from "@/lib/market/failure-reasons";
import { type CurrencyCode, formatMoney, parseAmount } from "@/lib/money";
import { givePayPlacesBack, payKeys, takePayPlaces } from "./limits";
import { currentStatus } from "./queries";
import { payAttemptSchema } from "./schema";
import { CLOSED_LINK_MESSAGES } from "./shape";
import { paymentLimit } from "./status";
import type { PayAttemptView } from "./view";

const TOKEN = /^[A-Za-z0-9_-]{24}$/;
/** What a token of the wrong shape is looked up as: no link has it (a token is base64url), so it misses like any other. */
const NO_TOKEN = "~".repeat(24);

/**
 * The link of a token, or pay_link_unknown. Every token is looked up, whatever its shape, so an
 * unknown one answers in the time of any other miss: the answer says nothing about how near a guess came.
 */
export async function linkOf(db: Db, token: string): Promise<PaymentRequest> {
  const probe = TOKEN.test(token) ? token : NO_TOKEN;
  const [r] = await db.select().from(paymentRequests).where(eq(paymentRequests.token, probe));
  if (!r) throw new AppError("pay_link_unknown");
  return r;
}

/** The ledger key of an attempt: the link's and the browser's, in a form no member's key can take. */
export const ledgerKey = (r: PaymentRequest, clientKey: string) => `pay:${r.id}:${clientKey}`;

export function attemptView(c: Charge): PayAttemptView {
  return {
    status: c.status,
    amountMinor: c.amountMinor,
    currency: c.currency,
    phoneNumber: maskPhone(c.phoneNumber),
    provider: c.provider,
    reference: c.reference,
    createdAt: c.createdAt.toISOString(),
    settledAt: c.settledAt?.toISOString() ?? null,
    // The upstream's own words stay in the ledger: a customer is told only a cause we know.
    reason: c.status === "failed" ? failureWords(c.message) : null,
  };
}

/**
 * Pays link `token` once per `clientKey` (the Idempotency-Key the page made for this attempt): a
 * repeated key answers the first attempt as it stands, counting nothing and sending nothing. The
 * visitor's address is what the per-address limit counts.
 */
export async function payLink({ db, upstream, caller }: Visitor, token: string, body: unknown, clientKey: string | null) {
  const r = await linkOf(db, token);
  const key = idempotencyKeySchema.safeParse(clientKey ?? undefined);
  if (!key.success) throw new AppError("idempotency_key_required", key.error.issues[0].message);
  const earlier = await findChargeByKey(db, ledgerKey(r, key.data), null);
  if (earlier) return { attempt: attemptView(earlier), replayed: true };

  const limit = paymentLimit(r);
  const status = await currentStatus(db, r);
  if (status !== "active") throw new AppError("pay_link_closed", CLOSED_LINK_MESSAGES[status]);
  const input = await attemptInput(db, r, body);
  let slot = limit === null ? null : await freeSlot(db, r.id, limit);
  if (slot === undefined) throw await taken(db, r);
  const keys = await payKeys(db, { ip: caller.ip, requestId: r.id, phone: input.phoneNumber });
  const takenAt = await takePayPlaces(db, keys);

  const { client, budget } = upstream();
  const send = (held: number | null) =>
    createCharge(
      {
        db,
        upstream: client,
        budget,
        log: (e, d) => log("error", e, d),
        audit: { action: "charge_created", actorId: null, actorEmail: null, detail: { paymentRequestId: r.id } },
      },
      input,
      ledgerKey(r, key.data),
      null,
      { paymentRequest: { id: r.id, slot: held, addressKey: keys.address } },
    );
  try {
    // Another payer may take the slot between the look and the write: the index refuses this
    // attempt (nothing written, no place taken), and it looks for the next free slot, if any.
    for (let tries = 0; ; tries++) {
      try {
        const { charge, replayed } = await send(slot);
        // The same key raced in from another request, which holds its own places.
        if (replayed) await givePayPlacesBack(db, keys, takenAt);
        return { attempt: attemptView(charge), replayed };
      } catch (error) {
        if (!isUniqueViolation(error, "charges_payment_slot_uq") || limit === null) throw error;
        slot = tries < MAX_SLOT_TRIES ? await freeSlot(db, r.id, limit) : undefined;
        if (slot === undefined) throw await taken(db, r);
      }
    }
  } catch (error) {
    // Not sent (the budget's refusal, no slot left, a key used for another charge): no prompt, so
    // no place kept. One that was sent and then failed to be recorded keeps its places.
    if (!(await findChargeByKey(db, ledgerKey(r, key.data), null).catch(() => true))) {
      await givePayPlacesBack(db, keys, takenAt).catch((e: unknown) => log("error", "pay_places_give_back_failed", { error: e }));
    }
    throw error;
  }
}

/** How many times an attempt looks again for a free slot after losing one to another payer. */
const MAX_SLOT_TRIES = 20;

/** The number, network and amount of an attempt, checked against the link; 422 naming the field. */
async function attemptInput(db: Db, r: PaymentRequest, body: unknown) {
  const parsed = payAttemptSchema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError("invalid_request", undefined, { fields: fieldsOf(parsed.error.issues) });
  const b = parsed.data;
  const customer = r.customerId ? await getCustomer(db, r.customerId) : null;
  let phoneNumber: string;
  if (customer) {
    if (b.phoneNumber !== "") {
      throw new AppError("invalid_request", undefined, { fields: { phoneNumber: "This link is for one customer's number: send none" } });
    }
    phoneNumber = customer.phoneNumber;
  } else {
    const phone = phoneNumberField.safeParse(b.phoneNumber);
    if (!phone.success) throw new AppError("invalid_request", undefined, { fields: { phoneNumber: phone.error.issues[0].message } });
    phoneNumber = phone.data;
  }
  const provider = b.provider || customer?.provider || suggestProvider(phoneNumber);
  if (!provider) throw new AppError("invalid_request", undefined, { fields: { provider: "Choose your network" } });
  const currency = r.currency as CurrencyCode;
  let amountMinor = r.amountMinor;
  if (amountMinor === null) {
    const a = parseAmount(b.amount, currency);
    const min = r.minMinor ?? 0;
    const max = r.maxMinor ?? 0;
    if (!a.ok) throw new AppError("invalid_request", undefined, { fields: { amount: a.message } });
    if (a.minor < min || a.minor > max) {
      const range = `${formatMoney(min, currency)} to ${formatMoney(max, currency)}`;
      throw new AppError("invalid_request", undefined, { fields: { amount: `Enter an amount from ${range}` } });
    }
    amountMinor = a.minor;
  } else if (b.amount !== "") {
    throw new AppError("invalid_request", undefined, { fields: { amount: "This link's amount is fixed: send none" } });
  }
  return { amountMinor, currency, phoneNumber, provider: provider as ProviderId, vouchers: "", description: r.description };
}

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[String(i.path[0] ?? "body")] ??= i.message;
  return fields;
}

/** The lowest slot of the link's payments no attempt holds (a failed one holds none), or undefined. */
export async function freeSlot(db: Db, requestId: string, limit: number): Promise<number | undefined> {
  const [row] = rowsOf<{ s: number }>(
    await db.execute(sql`
      select s from generate_series(1, ${limit}::int) s
       where not exists (select 1 from ${charges} c
                          where c.payment_request_id = ${requestId} and c.payment_slot = s and c.status <> 'failed')
       order by s limit 1`),
  );
  return row ? Number(row.s) : undefined;
}

/** Why no slot is free: paid in full, or an attempt that is still under way or not known. */
async function taken(db: Db, r: PaymentRequest): Promise<AppError> {
  const held = await db
    .select({ status: charges.status })
    .from(charges)
    .where(and(eq(charges.paymentRequestId, r.id), isNotNull(charges.paymentSlot), ne(charges.status, "failed")));
  const limit = paymentLimit(r) ?? Number.POSITIVE_INFINITY;
  if (held.filter((h) => h.status === "success").length >= limit) return new AppError("pay_link_closed", CLOSED_LINK_MESSAGES.paid);
  if (held.some((h) => h.status === "unknown")) {
    return new AppError(
      "payment_outcome_unknown",
      "We do not know yet whether an earlier payment on this link went through. Do not pay again: the business will confirm it.",
    );
  }
  return new AppError(
    "payment_in_progress",
    "A payment on this link is in progress. If it is yours, approve the prompt on your phone; otherwise try again in a few minutes.",
  );
}
