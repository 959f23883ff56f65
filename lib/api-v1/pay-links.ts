// Pay links through the merchant's API: made (with metadata and the shop's return address), read,
// listed, cancelled. A link made here is the dashboard's own pay link — the same page, limits and
// ledger — recorded as made by the key's maker through the key (the audit entry names the key).
import "server-only";
import { and, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { ApiCaller } from "@/lib/api-keys";
import { cursorAt, pageOf, pastCursor, readCursor } from "@/lib/cursor";
import type { Db, DbOrTx } from "@/lib/db/open";
import { type PaymentRequest, paymentRequests } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { minorToDecimal } from "@/lib/money";
import type { KeyMode } from "@/lib/market/key-mode";
import { changeRequestState, getRequest, insertPaymentRequest, requestStatus, requestTotals } from "@/lib/payment-requests";
import { checkEndpointAddress, checkEndpointUrl, type LookupAll } from "@/lib/webhooks";
import type { PayLinkObject } from "./objects";
import type { PayLinkCreate } from "./schemas";

const NOT_FOUND = "No pay link has this id.";

/** Who the API's changes are recorded as, and the `via` their audit entries carry. */
export function actorOf(api: ApiCaller) {
  return {
    actor: { id: api.maker?.id ?? api.key.id, email: api.maker?.email ?? null },
    via: { name: api.key.name, prefix: api.key.prefix },
  };
}

async function objectsOf(db: DbOrTx, rows: PaymentRequest[], origin: string): Promise<PayLinkObject[]> {
  const totals = await requestTotals(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const t = totals.get(r.id) ?? { paid: 0, collectedMinor: 0, attempts: 0, open: 0 };
    return {
      object: "pay_link",
      id: r.id,
      url: `${origin}/pay/${r.token}`,
      status: requestStatus({ ...r, paid: t.paid }),
      amount: r.amountMinor === null ? null : minorToDecimal(r.amountMinor, r.currency),
      amount_minor: r.amountMinor,
      min_amount_minor: r.minMinor,
      max_amount_minor: r.maxMinor,
      currency: r.currency,
      description: r.description,
      reference: r.reference,
      customer_id: r.customerId,
      reusable: r.reusable,
      max_payments: r.maxPayments,
      metadata: r.metadata ?? {},
      return_url: r.returnUrl,
      expires_at: r.expiresAt.toISOString(),
      created_at: r.createdAt.toISOString(),
      payments: { succeeded: t.paid, collected_minor: t.collectedMinor, attempts: t.attempts, open: t.open },
    };
  });
}

/**
 * The shop's return address, checked as a webhook's is, by the key's mode (the dashboard's: the
 * gate let it in): https to a public address, or this machine too with TEST.
 */
async function checkedReturnUrl(raw: string, mode: KeyMode, lookup?: LookupAll): Promise<string> {
  const refuse = (message: string) => new AppError("invalid_request", undefined, { fields: { return_url: message } });
  const syntax = checkEndpointUrl(raw, mode);
  if (!syntax.ok) throw refuse(syntax.message);
  const resolved = await checkEndpointAddress(syntax.url, mode, lookup);
  if (!resolved.ok) throw refuse(resolved.message);
  return syntax.url.toString();
}

/** `lookup`: how a host name is resolved (the system's resolver unless a test names another). */
/** The dashboard's field names in a refusal, as the API calls them (customerId → customer_id). */
function apiFields(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
  return new AppError(error.code, error.message, { fields, retryAfterSeconds: error.retryAfterSeconds });
}

export async function createPayLink(
  db: DbOrTx,
  api: ApiCaller,
  body: PayLinkCreate,
  origin: string,
  lookup?: LookupAll,
): Promise<PayLinkObject> {
  const returnUrl = body.return_url === undefined ? null : await checkedReturnUrl(body.return_url, api.key.mode, lookup);
  const { actor, via } = actorOf(api);
  const amount =
    body.amount_minor !== undefined
      ? ({ kind: "fixed", minor: body.amount_minor } as const)
      : ({ kind: "open", min: body.min_amount_minor as number, max: body.max_amount_minor as number } as const);
  const input = {
    amount,
    currency: body.currency,
    description: body.description,
    customerId: body.customer_id ?? null,
    expiresInDays: body.expires_in_days,
    reusable: body.reusable,
    maxPayments: body.reusable ? (body.max_payments ?? null) : null,
    reference: body.reference || null,
  };
  const extras = { metadata: body.metadata ?? null, returnUrl, apiKeyId: api.key.id };
  const row = await insertPaymentRequest(db, actor, input, extras, via).catch((error: unknown) => {
    throw apiFields(error);
  });
  const [made] = await objectsOf(db, [row], origin);
  return made;
}

export async function getPayLink(db: Db, id: string, origin: string): Promise<PayLinkObject> {
  const r = await getRequest(db, id);
  if (!r) throw new AppError("not_found", NOT_FOUND);
  const [found] = await objectsOf(db, [r], origin);
  return found;
}

export async function listPayLinks(db: Db, q: { limit: number; cursor?: string; reference?: string }, origin: string) {
  const where: SQL[] = [];
  const cursor = readCursor(q.cursor, "cursor");
  if (cursor) where.push(pastCursor(paymentRequests.createdAt, paymentRequests.id, "<", cursor));
  if (q.reference) where.push(eq(paymentRequests.reference, q.reference));
  const found = await db
    .select({ ...getTableColumns(paymentRequests), at: cursorAt(paymentRequests.createdAt) })
    .from(paymentRequests)
    .where(and(...where))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(q.limit + 1);
  const { rows, next } = pageOf(found, q.limit);
  return { object: "list" as const, data: await objectsOf(db, rows, origin), next_cursor: next };
}

/** Cancels a link that is active or paused; one that is over (paid, expired, cancelled) is 409 `request_state`. */
export async function cancelPayLink(db: DbOrTx, api: ApiCaller, id: string, origin: string): Promise<PayLinkObject> {
  const r = await getRequest(db, id);
  if (!r) throw new AppError("not_found", NOT_FOUND);
  const { actor, via } = actorOf(api);
  const row = await changeRequestState(db, actor, r, "cancel", via);
  const [cancelled] = await objectsOf(db, [row], origin);
  return cancelled;
}
