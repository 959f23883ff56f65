// The public pay page (pages/pay/[token].tsx, through ./page-bridge.ts): what it shows of a link,
// with the HTTP status that goes with it; its form, sent as a plain HTML form; and one attempt by
// the key its form sent. The page runs no framework JavaScript (it must open fast on the cheapest
// phones), so everything a customer sees is rendered here. Anyone holding the link reads these:
// the customer's whole number, the link's id and its maker never leave.
import "server-only";
import { randomBytes } from "node:crypto";
import { recentBusinessProfile } from "@/lib/business";
import { findChargeByKey, refreshCharge } from "@/lib/charges";
import { idempotencyKeySchema } from "@/lib/charges/schema";
import { getCustomer } from "@/lib/customers";
import type { Visitor } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import type { PaymentRequest } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/http/errors";
import { assertSameOrigin } from "@/lib/http/origin";
import { PROBLEMS } from "@/lib/http/problems";
import { maskPhone } from "@/lib/market/phone-mask";
import { env } from "@/lib/env";
import { attemptView, freeSlot, ledgerKey, linkOf, payLink } from "./pay";
import { backLink } from "./shop-return";
import { currentStatus } from "./queries";
import { paymentLimit } from "./status";
import { CLOSED_LINK_MESSAGES } from "./shape";
import type { PayAttemptView, PayBusinessView, PayForm, PayFormView, PayPageAnswer, PayWaitView } from "./view";

const NOBODY: PayBusinessView = { name: "", logoUrl: null };

/** A form's key: 128 random bits, as the Idempotency-Key of the attempt it makes. */
const newFormKey = () => randomBytes(16).toString("base64url");

const blankForm = (): PayFormView => ({
  key: newFormKey(),
  values: { phoneNumber: "", provider: "", amount: "" },
  fields: {},
  problem: null,
});

async function businessOf(db: Db): Promise<PayBusinessView> {
  const profile = await recentBusinessProfile(db);
  return { name: profile.name, logoUrl: profile.logoUrl };
}

async function linkOrNull(db: Db, token: string): Promise<PaymentRequest | null> {
  return linkOf(db, token).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "pay_link_unknown") return null;
    throw error;
  });
}

/**
 * The page of `token`: with `attemptKey` (`?attempt=`), that attempt (looked up at the upstream
 * first while it waits, at most once every two seconds however many pages ask); else 200 open,
 * 410 closed (paid, expired, paused, cancelled), 404 unknown, naming no business.
 */
export async function payPage(visitor: Visitor, token: string, attemptKey: string | null = null): Promise<PayPageAnswer> {
  const r = await linkOrNull(visitor.db, token);
  // A link that does not exist does not name the business either: a guess learns nothing.
  if (!r) return { httpStatus: 404, page: { state: "unknown", business: NOBODY } };
  const attempt = attemptKey ? await ownAttempt(visitor, r, attemptKey) : null;
  return attempt && attemptKey ? attemptPage(visitor.db, r, attempt, attemptKey) : linkPage(visitor.db, r, blankForm());
}

async function linkPage(db: Db, r: PaymentRequest, form: PayFormView, httpStatus = 200): Promise<PayPageAnswer> {
  const business = await businessOf(db);
  const status = await currentStatus(db, r);
  if (status !== "active") {
    return {
      httpStatus: 410,
      page: { state: "closed", business, status, message: CLOSED_LINK_MESSAGES[status], description: r.description },
    };
  }
  const customer = r.customerId ? await getCustomer(db, r.customerId) : null;
  return {
    httpStatus,
    page: {
      state: "open",
      business,
      token: r.token,
      description: r.description,
      currency: r.currency,
      amount:
        r.amountMinor !== null ? { kind: "fixed", minor: r.amountMinor } : { kind: "open", min: r.minMinor ?? 0, max: r.maxMinor ?? 0 },
      customer: customer ? { phoneNumber: maskPhone(customer.phoneNumber), provider: customer.provider } : null,
      expiresAt: r.expiresAt.toISOString(),
      form,
    },
  };
}

/** How long after an attempt its page stops checking by itself and offers "Check again". */
export const PAY_WATCH_MS = 30 * 60_000;

/** Where a waiting attempt stands against the page's bounded wait (docs/decisions/pay-page-waits.md). */
export function waitOf(attempt: PayAttemptView, now = Date.now()): PayWaitView | null {
  if (attempt.status !== "pending" && attempt.status !== "submitting") return null;
  const waited = now - Date.parse(attempt.createdAt);
  const longIn = Math.max(0, env().PAY_PROMPT_WAIT_SECONDS * 1000 - waited);
  return { long: longIn === 0, longIn, watchFor: Math.max(0, PAY_WATCH_MS - waited) };
}

async function attemptPage(db: Db, r: PaymentRequest, attempt: PayAttemptView, attemptKey: string): Promise<PayPageAnswer> {
  const open = (await currentStatus(db, r)) === "active";
  const profile = await recentBusinessProfile(db);
  const waiting = waitOf(attempt);
  // Another number only on a link that takes it: no customer's number fixed, a slot free.
  const limit = paymentLimit(r);
  const anotherNumber = !!waiting?.long && open && !r.customerId && (limit === null || (await freeSlot(db, r.id, limit)) !== undefined);
  return {
    httpStatus: 200,
    page: {
      state: "attempt",
      business: { name: profile.name, logoUrl: profile.logoUrl },
      token: r.token,
      description: r.description,
      attempt,
      retry: attempt.status === "failed" && open,
      waiting,
      anotherNumber,
      contact: profile.contact,
      timeZone: profile.timeZone,
      attemptKey,
      back: backLink(r, attempt.status, attemptKey),
    },
  };
}

/** The attempt made on link `r` with `clientKey`, a pending one asked about first; null for any other key. */
async function ownAttempt({ db, upstream }: Visitor, r: PaymentRequest, clientKey: string): Promise<PayAttemptView | null> {
  const key = idempotencyKeySchema.safeParse(clientKey);
  const charge = key.success ? await findChargeByKey(db, ledgerKey(r, key.data), null) : null;
  if (!charge) return null;
  if (charge.status !== "pending") return attemptView(charge);
  const { client, budget } = upstream();
  return attemptView((await refreshCharge({ db, upstream: client, budget }, charge.id)) ?? charge);
}

/**
 * The customer's attempt on link `token`, by the key their page made for it (404 for any other):
 * what the page's status check asks while the prompt waits (GET /api/pay/{token}/attempts/{key}).
 */
export async function payAttempt(visitor: Visitor, token: string, clientKey: string): Promise<PayAttemptView> {
  const attempt = await ownAttempt(visitor, await linkOf(visitor.db, token), clientKey);
  if (!attempt) throw new AppError("not_found", "No payment was made with this key on this link.");
  return attempt;
}

/**
 * The pay page's form, sent to `url` (the visitor's headers say from where): refused from another
 * site (403); otherwise a payment like the API's (./pay.ts), keyed by the form's key. Paid or
 * waiting: where to go next (the attempt's page, by 303, so a reload never sends it again).
 * Refused: the page again, with what was typed, each field's message or the reason, and its status.
 */
export async function submitPayForm(
  visitor: Visitor,
  token: string,
  form: PayForm,
  url: string,
): Promise<{ redirect: string } | PayPageAnswer> {
  const { db } = visitor;
  const values = { phoneNumber: form.phoneNumber ?? "", provider: form.provider ?? "", amount: form.amount ?? "" };
  const key = form.key ?? "";
  try {
    assertSameOrigin(new Request(url, { method: "POST", headers: visitor.caller.headers }));
    await payLink(visitor, token, values, key);
    return { redirect: `/pay/${token}?attempt=${encodeURIComponent(key)}` };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const r = await linkOrNull(db, token);
    if (!r) return { httpStatus: 404, page: { state: "unknown", business: NOBODY } };
    if (error.code === "pay_link_closed") return linkPage(db, r, blankForm());
    // A key the page did not make (a hand-made post) gets a new one; any other refusal keeps it,
    // since nothing was recorded under it. A post from another site is answered 403 with the
    // link's own page, what it sent dropped.
    if (error.code === "cross_origin") return linkPage(db, r, { ...blankForm(), problem: error.message }, statusOf(error.code));
    const kept = error.code === "idempotency_key_required" ? newFormKey() : key;
    const problem = error.fields ? null : error.message || PROBLEMS[error.code].message;
    return linkPage(db, r, { key: kept, values, fields: error.fields ?? {}, problem }, statusOf(error.code));
  }
}
