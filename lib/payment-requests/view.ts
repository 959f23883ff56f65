// A payment request as the browser sees it (types only: browser-safe).
import type { ChargeStatus } from "@/lib/market/statuses";
import type { RequestStatus } from "./shape";

type Who = { id: string; name: string } | null;

export type RequestAmountView = { kind: "fixed"; minor: number } | { kind: "open"; min: number; max: number };

export type PaymentRequestView = {
  id: string;
  /** The path customers open: `/pay/<token>` (the page puts the app's origin in front). */
  path: string;
  amount: RequestAmountView;
  currency: string;
  description: string;
  customer: { id: string; name: string } | null;
  reference: string | null;
  reusable: boolean;
  maxPayments: number | null;
  status: RequestStatus;
  expiresAt: string;
  createdBy: Who;
  createdAt: string;
  changedBy: Who;
  changedAt: string | null;
  /** The merchant's own pairs, for a link made through the API; null for one made here. */
  metadata: Record<string, string> | null;
  /** Successful payments, what they brought in (minor units), every attempt, and those not settled yet. */
  paid: number;
  collectedMinor: number;
  attempts: number;
  open: number;
  /** What the member asking may do with it now. */
  may: { pause: boolean; resume: boolean; cancel: boolean };
};

/** An attempt to pay, as the request's page lists it (the number masked as the member may see it). */
export type RequestAttemptView = {
  chargeId: string;
  status: ChargeStatus;
  amountMinor: number;
  currency: string;
  phoneNumber: string;
  provider: string;
  reference: string | null;
  createdAt: string;
};

/** What the pay page learns of its own attempt: the same, without the ledger's id; the number always masked. */
export type PayAttemptView = Omit<RequestAttemptView, "chargeId"> & {
  settledAt: string | null;
  /** Why a failed attempt failed, in plain words, when the network said why (lib/market/failure-reasons.ts); else null. */
  reason: string | null;
};

/** How long a waiting attempt's page keeps checking by itself (ms from the page's render). */
export type PayWaitView = {
  /** The approval is later than PAY_PROMPT_WAIT_SECONDS: the page says what to do. */
  long: boolean;
  /** Until then, the page checks every 2 s and then shows itself again, with the long wait's words. */
  longIn: number;
  /** After that, it checks every 10 s until PAY_WATCH_MS after the attempt, then offers "Check again". */
  watchFor: number;
};

/** The business as a customer sees it on the pay page. */
export type PayBusinessView = { name: string; logoUrl: string | null };

/** The pay page's form as the server shows it: the key it sends, what was typed, and what was wrong. */
export type PayFormView = {
  /** Made by the server for each form it shows: a second tap sends the same key, and is answered with the first attempt. */
  key: string;
  values: { phoneNumber: string; provider: string; amount: string };
  fields: Record<string, string>;
  /** Why the last press took no payment (in progress, a limit, …), or null. */
  problem: string | null;
};

/**
 * The public pay page, as the server renders it (it sends no data to the browser beyond the HTML):
 * never the customer's whole number (a link made for a directory customer shows the mask only),
 * never the link's id or its creator.
 */
export type PayPageView =
  | { state: "unknown"; business: PayBusinessView }
  | { state: "closed"; business: PayBusinessView; status: Exclude<RequestStatus, "active">; message: string; description: string }
  | {
      state: "open";
      business: PayBusinessView;
      token: string;
      description: string;
      currency: string;
      amount: RequestAmountView;
      /** A link made for one customer: their number as a mask, and their network. */
      customer: { phoneNumber: string; provider: string } | null;
      expiresAt: string;
      form: PayFormView;
    }
  | {
      /** One attempt, by the key its form sent (`?attempt=`): waiting, paid (the receipt), failed or not known. */
      state: "attempt";
      business: PayBusinessView;
      token: string;
      description: string;
      attempt: PayAttemptView;
      /** A failed attempt on a link that still takes payments: the customer may try again. */
      retry: boolean;
      /** A waiting attempt, or null once it has an outcome. */
      waiting: PayWaitView | null;
      /** A long wait on a link that takes another payment from any number: the customer may use another number. */
      anotherNumber: boolean;
      /** How the customer reaches the business (the business profile): "" for none. */
      contact: { phone: string; email: string };
      /** The business's time zone, for the receipt's time. */
      timeZone: string;
      /** The attempt's key, as in the page's address (the page links to itself). */
      attemptKey: string;
      /** Back to the shop that made the link through the API, once the attempt has an outcome; else null. */
      back: string | null;
    };

/** The pay page with its HTTP status: 200, 404 unknown, 410 closed, or a refused form's (422, 409, 429…). */
export type PayPageAnswer = { httpStatus: number; page: PayPageView };

/** The pay page's form fields, as the browser sends them (application/x-www-form-urlencoded). */
export type PayForm = { key?: string; phoneNumber?: string; provider?: string; amount?: string };

/** What the share area needs beyond the link: the business's name and, for a directory customer, whom it goes to. */
export type ShareTarget = {
  message: string;
  /** The customer's number for WhatsApp and SMS, when the member sees it whole; null otherwise. */
  phone: string | null;
  /** "Email to <name>": the customer's name when email is on and they have an address; null otherwise. */
  emailTo: string | null;
};
