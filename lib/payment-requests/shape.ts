// A payment request's limits and words, without the checks (./schema.ts): the pages that show
// them load no zod for it.

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
