// Where a request stands, from what a member decided, its payments and the clock. Nothing here
// is stored: a request is paid when its successful payments reach its maximum (one for a link paid
// once), expired once its time is up, whatever its row says.
import type { RequestStatus } from "./shape";

export type StatusInput = {
  state: "active" | "paused" | "cancelled";
  reusable: boolean;
  maxPayments: number | null;
  expiresAt: Date;
  /** Successful payments so far. */
  paid: number;
};

/** The most payments the request takes: one when paid once, its maximum, or none (null). */
export function paymentLimit(r: Pick<StatusInput, "reusable" | "maxPayments">): number | null {
  return r.reusable ? r.maxPayments : 1;
}

export function requestStatus(r: StatusInput, now: Date = new Date()): RequestStatus {
  if (r.state === "cancelled") return "cancelled";
  const limit = paymentLimit(r);
  if (limit !== null && r.paid >= limit) return "paid";
  if (r.expiresAt.getTime() <= now.getTime()) return "expired";
  return r.state;
}
