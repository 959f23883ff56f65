// What the public pay page (pages/pay/[token].tsx, through ./page-bridge.ts) shows of a link, with the HTTP status that
// goes with it, and what its live status asks about the customer's own attempt. Anyone holding
// the link reads these: the customer's whole number, the link's id and its maker never leave.
import "server-only";
import { recentBusinessProfile } from "@/lib/business/profile";
import { findChargeByKey } from "@/lib/charges/ledger";
import { refreshCharge } from "@/lib/charges/refresh";
import { idempotencyKeySchema } from "@/lib/charges/schema";
import { getCustomer } from "@/lib/customers/queries";
import type { Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { maskPhone } from "@/lib/market/phone-mask";
import type { Upstream } from "@/lib/momo/upstream";
import { attemptView, ledgerKey, linkOf } from "./pay";
import { requestTotals } from "./queries";
import { CLOSED_LINK_MESSAGES } from "./shape";
import { requestStatus } from "./status";
import type { PayAttemptView, PayPageView } from "./view";

/** The page of `token` and its status: 200 open, 410 closed (paid, expired, paused, cancelled), 404 unknown. */
export async function payPage(db: Db, token: string): Promise<{ httpStatus: 200 | 404 | 410; page: PayPageView }> {
  const profile = await recentBusinessProfile(db);
  const business = { name: profile.name, logoUrl: profile.logoUrl };
  const r = await linkOf(db, token).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "pay_link_unknown") return null;
    throw error;
  });
  // A link that does not exist does not name the business either: a guess learns nothing.
  if (!r) return { httpStatus: 404, page: { state: "unknown", business: { name: "", logoUrl: null } } };
  const status = requestStatus({ ...r, paid: (await requestTotals(db, [r.id])).get(r.id)?.paid ?? 0 });
  if (status !== "active") {
    return {
      httpStatus: 410,
      page: { state: "closed", business, status, message: CLOSED_LINK_MESSAGES[status], description: r.description },
    };
  }
  const customer = r.customerId ? await getCustomer(db, r.customerId) : null;
  return {
    httpStatus: 200,
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
    },
  };
}

export type PayAttemptDeps = { db: Db; upstream: () => Upstream };

/**
 * The customer's attempt on link `token`, by the key their page made for it (404 for any other):
 * a pending one is looked up at the upstream first, at most once every two seconds however many
 * pages ask (lib/charges/refresh.ts), within the budget's lookups.
 */
export async function payAttempt(deps: PayAttemptDeps, token: string, clientKey: string): Promise<PayAttemptView> {
  const r = await linkOf(deps.db, token);
  const key = idempotencyKeySchema.safeParse(clientKey);
  const charge = key.success ? await findChargeByKey(deps.db, ledgerKey(r, key.data), null) : null;
  if (!charge) throw new AppError("not_found", "No payment was made with this key on this link.");
  if (charge.status !== "pending") return attemptView(charge);
  const { client, budget } = deps.upstream();
  const fresh = await refreshCharge({ db: deps.db, upstream: client, budget }, charge.id);
  return attemptView(fresh ?? charge);
}
