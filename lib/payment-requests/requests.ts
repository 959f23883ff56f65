// Payment requests as members make and keep them: created, paused, resumed and cancelled by an
// owner or the member who made one; read by every role, with each attempt's number masked as the
// member may see it. Each change is audited without the description, the reference or a number.
import "server-only";
import * as z from "zod";
import "@/lib/zod";
import { and, eq, inArray, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { getCustomer } from "@/lib/customers";
import { pageOf, readCursor } from "@/lib/cursor";
import type { Db, DbOrTx } from "@/lib/db/open";
import { customers, paymentRequests, user, type PaymentRequest } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { currencyRefusal } from "@/lib/money";
import { phoneFor, can } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import { REQUESTS_PAGE_SIZE, getRequest, insertRequest, listRequests, requestAttempts, requestTotals, type RequestTotals } from "./queries";
import { findRequests } from "./queries";
import type { PaymentRequestInput } from "./schema";
import type { RequestControl, RequestStatus } from "./shape";
import { requestStatus } from "./status";
import { newToken } from "./token";
import type { PaymentRequestView, RequestAttemptView } from "./view";

const DAY_MS = 86_400_000;
const NOT_FOUND = "No payment request has this id.";

/** Who a request's change is recorded as: a member, or the member who made the API key it came through. */
export type RequestActor = { id: string; email: string | null };

/** What a link made through the API has besides (lib/api-v1/): its metadata, the shop's address, the key. */
export type RequestExtras = { metadata?: Record<string, string> | null; returnUrl?: string | null; apiKeyId?: string | null };

/**
 * Writes a request (checked against the configured currencies and the directory) and its audit
 * entry, as `actor`; `via`: what the entry says it came through (an API key's name and prefix).
 */
export async function insertPaymentRequest(
  db: DbOrTx,
  actor: RequestActor,
  input: PaymentRequestInput,
  extras: RequestExtras = {},
  via?: Record<string, string>,
): Promise<PaymentRequest> {
  const refused = currencyRefusal(input.currency, env().CURRENCIES);
  if (refused) throw new AppError("invalid_request", undefined, { fields: { currency: refused } });
  if (input.customerId && !(await getCustomer(db, input.customerId))) {
    throw new AppError("invalid_request", undefined, { fields: { customerId: "No customer in the directory has this id" } });
  }
  return db.transaction(async (tx) => {
    const r = await insertRequest(tx, {
      token: newToken(),
      amountMinor: input.amount.kind === "fixed" ? input.amount.minor : null,
      minMinor: input.amount.kind === "open" ? input.amount.min : null,
      maxMinor: input.amount.kind === "open" ? input.amount.max : null,
      currency: input.currency,
      description: input.description,
      customerId: input.customerId,
      reference: input.reference,
      reusable: input.reusable,
      maxPayments: input.maxPayments,
      expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      createdBy: actor.id,
      metadata: extras.metadata ?? null,
      returnUrl: extras.returnUrl ?? null,
      apiKeyId: extras.apiKeyId ?? null,
    });
    // Never the description, the reference, the metadata or the shop's address: the merchant's words.
    await audit(tx, {
      action: "payment_request_created",
      actor,
      targetId: r.id,
      detail: {
        amount: input.amount,
        currency: input.currency,
        reusable: input.reusable,
        expiresInDays: input.expiresInDays,
        ...(via ? { via } : {}),
      },
    });
    return r;
  });
}

export async function createPaymentRequest({ db, member }: Asker, input: PaymentRequestInput): Promise<PaymentRequestView> {
  const created = await insertPaymentRequest(db, member, input);
  const [view] = await viewsOf(db, [created], member);
  return view;
}

/** Who may pause, resume or cancel: an owner, or the member who made the request. */
function mayControl(member: Member, r: PaymentRequest): boolean {
  return can(member.role, "request:create") && (member.role === "owner" || r.createdBy === member.id);
}

const CONTROL: Record<
  RequestControl,
  {
    from: RequestStatus[];
    to: PaymentRequest["state"];
    action: "payment_request_paused" | "payment_request_resumed" | "payment_request_cancelled";
  }
> = {
  pause: { from: ["active"], to: "paused", action: "payment_request_paused" },
  resume: { from: ["paused"], to: "active", action: "payment_request_resumed" },
  cancel: { from: ["active", "paused"], to: "cancelled", action: "payment_request_cancelled" },
};

const STATUS_WORDS: Record<RequestStatus, string> = {
  active: "is active",
  paused: "is paused",
  cancelled: "was cancelled",
  expired: "has expired",
  paid: "is paid",
};

/**
 * Pauses, resumes or cancels a request, if it stands where that applies (an expired or paid one
 * is over). The row changes only from the state it was read in, so of two members acting at once
 * one wins and the other is told it changed.
 */
export async function controlPaymentRequest({ db, member }: Asker, id: string, control: RequestControl): Promise<PaymentRequestView> {
  const r = await getRequest(db, id);
  if (!r) throw new AppError("not_found", NOT_FOUND);
  if (!mayControl(member, r)) throw new AppError("forbidden", "Only an owner or the member who made a payment request may do that.");
  const changed = await changeRequestState(db, member, r, control);
  const [view] = await viewsOf(db, [changed], member);
  return view;
}

/** The change itself, for whoever was let make it (a member above, an API key's scope: lib/api-v1/). */
export async function changeRequestState(
  db: DbOrTx,
  actor: RequestActor,
  r: PaymentRequest,
  control: RequestControl,
  via?: Record<string, string>,
): Promise<PaymentRequest> {
  const rule = CONTROL[control];
  const totals = (await requestTotals(db, [r.id])).get(r.id) as RequestTotals;
  const status = requestStatus({ ...r, paid: totals.paid });
  if (!rule.from.includes(status)) throw stateConflict(status);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentRequests)
      .set({ state: rule.to, changedBy: actor.id, changedAt: sql`now()` })
      .where(and(eq(paymentRequests.id, r.id), eq(paymentRequests.state, r.state)))
      .returning();
    if (!row) throw new AppError("request_state", "This payment request has changed: reload to see it as it is now.");
    await audit(tx, { action: rule.action, actor, targetId: r.id, ...(via ? { detail: { via } } : {}) });
    return row;
  });
}

function stateConflict(status: RequestStatus): AppError {
  return new AppError("request_state", `This payment request ${STATUS_WORDS[status]}: reload to see it as it is now.`);
}

/** A request and its attempts, newest first, for the member asking; null when there is none. */
export async function paymentRequestDetail({ db, member }: Asker, id: string) {
  const r = await getRequest(db, id);
  if (!r) return null;
  const [[request], attempts] = await Promise.all([viewsOf(db, [r], member), requestAttempts(db, id)]);
  return {
    request,
    attempts: attempts.map(
      (c): RequestAttemptView => ({
        chargeId: c.id,
        status: c.status,
        amountMinor: c.amountMinor,
        currency: c.currency,
        phoneNumber: phoneFor(member, c),
        provider: c.provider,
        reference: c.reference,
        createdAt: c.createdAt.toISOString(),
      }),
    ),
  };
}

/** A page of requests, newest first; `before` is the cursor of the page before (lib/cursor.ts). */
/** GET /api/payment-requests?before=: the page after a position (read by the page: a bad one is 422 naming it). */
export const pageQuery = z.object({ before: z.string().optional() });

export async function paymentRequestsPage({ db, member }: Asker, before: string | null, unknownOnly = false) {
  const { rows, next } = pageOf(
    await listRequests(db, readCursor(before, "before"), REQUESTS_PAGE_SIZE + 1, unknownOnly),
    REQUESTS_PAGE_SIZE,
  );
  return { requests: await viewsOf(db, rows, member), next };
}

/** Pay links whose own reference starts with `q` or whose description holds it (the search box's), as `member` sees them. */
export async function findPaymentRequests({ db, member }: Asker, q: string, limit: number): Promise<PaymentRequestView[]> {
  return viewsOf(db, await findRequests(db, q, limit), member);
}

/** Views of requests with their payments and the names of who made and changed them, in two statements. */
async function viewsOf(db: Db, rows: PaymentRequest[], viewer: Member): Promise<PaymentRequestView[]> {
  const memberIds = [...new Set(rows.flatMap((r) => [r.createdBy, r.changedBy]).filter((x): x is string => !!x))];
  const customerIds = [...new Set(rows.map((r) => r.customerId).filter((x): x is string => !!x))];
  const [totals, members, names] = await Promise.all([
    requestTotals(
      db,
      rows.map((r) => r.id),
    ),
    memberIds.length ? db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, memberIds)) : [],
    customerIds.length
      ? db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, customerIds))
      : [],
  ]);
  const who = (id: string | null) => (id ? (members.find((m) => m.id === id) ?? { id, name: "Former member" }) : null);
  return rows.map((r) => {
    const t = totals.get(r.id) as RequestTotals;
    const status = requestStatus({ ...r, paid: t.paid });
    const controls = mayControl(viewer, r);
    const customer = r.customerId ? names.find((c) => c.id === r.customerId) : null;
    return {
      id: r.id,
      path: `/pay/${r.token}`,
      amount:
        r.amountMinor !== null ? { kind: "fixed", minor: r.amountMinor } : { kind: "open", min: r.minMinor ?? 0, max: r.maxMinor ?? 0 },
      currency: r.currency,
      description: r.description,
      customer: customer ? { id: customer.id, name: customer.name } : null,
      reference: r.reference,
      reusable: r.reusable,
      maxPayments: r.maxPayments,
      status,
      expiresAt: r.expiresAt.toISOString(),
      createdBy: who(r.createdBy),
      createdAt: r.createdAt.toISOString(),
      changedBy: who(r.changedBy),
      changedAt: r.changedAt?.toISOString() ?? null,
      metadata: r.metadata,
      ...t,
      may: {
        pause: status === "active" && controls,
        resume: status === "paused" && controls,
        cancel: (status === "active" || status === "paused") && controls,
      },
    };
  });
}
