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
export type PayAttemptView = Omit<RequestAttemptView, "chargeId"> & { settledAt: string | null };

/** The business as a customer sees it on the pay page. */
export type PayBusinessView = { name: string; logoUrl: string | null };

/**
 * The public pay page, as the server hands it to the browser: never the customer's whole number
 * (a link made for a directory customer shows the mask only), never the link's id or its creator.
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
    };
