// A payment request's limits and words, without the checks (./schema.ts): the pages that show
// them load no zod for it. And a link shared where customers are: the message a member edits
// before sending it, and the addresses that open WhatsApp or the phone's messages with it.
import { internationalDigits } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";

/** A link lives this many days unless the member says otherwise, and at most the maximum. */
export const EXPIRY_DEFAULT_DAYS = 7;
export const EXPIRY_MAX_DAYS = 90;

export const REQUEST_DESCRIPTION_MAX = 140;
export const REQUEST_REFERENCE_MAX = 40;
/** A reusable request's largest maximum of payments. */
export const MAX_PAYMENTS_LIMIT = 10_000;

/** Where a request stands, as a member and the pay page see it (./status.ts decides). */
export const REQUEST_STATUSES = ["active", "paused", "cancelled", "expired", "paid"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  active: "Active",
  paused: "Paused",
  cancelled: "Cancelled",
  expired: "Expired",
  paid: "Paid",
};

/** What a member may do to a request: pause and resume an open one, cancel one not yet over. */
export const REQUEST_CONTROLS = ["pause", "resume", "cancel"] as const;
export type RequestControl = (typeof REQUEST_CONTROLS)[number];

/** What the pay page and its API say of a link that takes no payments now. */
export const CLOSED_LINK_MESSAGES: Record<Exclude<RequestStatus, "active">, string> = {
  paid: "This payment link has been paid. Nothing more is due.",
  expired: "This payment link has expired. Ask the business for a new one.",
  paused: "The business has paused this payment link. Try again later.",
  cancelled: "The business has cancelled this payment link.",
};

export const SHARE_MESSAGE_MAX = 1_000;
export const SHARE_LINK_MISSING = "Keep the pay link in the message";

/** A link's amount (view.ts: RequestAmountView, the same shape). */
type Amount = { kind: "fixed"; minor: number } | { kind: "open"; min: number; max: number };

/** "<business>: <amount> for <description>. Pay here: <link>"; an open amount says its range. */
export function shareMessage(p: { business: string; amount: Amount; currency: string; description: string; url: string }): string {
  const what = `${requestAmountText(p.amount, p.currency)} for ${p.description}. Pay here: ${p.url}`;
  return p.business.trim() ? `${p.business.trim()}: ${what}` : what;
}

/** WhatsApp with the text ready: to the number (local digits, made international) or to a chat the person picks. */
export function whatsappHref(text: string, phone: string | null): string {
  return `https://wa.me/${phone ? internationalDigits(phone) : ""}?text=${encodeURIComponent(text)}`;
}

/**
 * The phone's messages with the text ready. `?&body=` is the form both iOS (which reads `&body=`)
 * and Android (which reads `?body=`) take.
 */
export function smsHref(text: string, phone: string | null): string {
  return `sms:${phone ?? ""}?&body=${encodeURIComponent(text)}`;
}

/** A request's amount as words: "GH₵25.00", or "GH₵5.00 to GH₵1,000.00" when the customer chooses. */
export function requestAmountText(amount: Amount, currency: string): string {
  return amount.kind === "fixed"
    ? formatMoney(amount.minor, currency)
    : `${formatMoney(amount.min, currency)} to ${formatMoney(amount.max, currency)}`;
}

/** "1 of 1 paid", "3 paid of at most 30", "12 paid". */
export function paymentsText(r: { paid: number; reusable: boolean; maxPayments: number | null }): string {
  if (!r.reusable) return r.paid ? "Paid" : "Not paid yet";
  return r.maxPayments ? `${r.paid} of at most ${r.maxPayments} paid` : `${r.paid} paid`;
}
