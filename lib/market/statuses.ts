// Our charge statuses: what the ledger stores, the filters offer and the screens label. The
// upstream's words are mapped onto them in lib/momo/status.ts.
export const CHARGE_STATUSES = ["submitting", "success", "pending", "failed", "unknown"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export type SettledStatus = Exclude<ChargeStatus, "submitting">;

export function isSettled(status: ChargeStatus): boolean {
  return status === "success" || status === "failed";
}

/** Each status as the screens name it (the badge, the timeline, the audit log). */
export const STATUS_LABELS: Record<ChargeStatus, string> = {
  submitting: "Submitting",
  success: "Success",
  pending: "Pending",
  failed: "Failed",
  unknown: "Unknown",
};

/** A status word from a stored record, named as the screens name it (an unknown word as it is). */
export function statusLabel(status: unknown): string {
  return typeof status === "string" && Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as ChargeStatus] : String(status);
}
