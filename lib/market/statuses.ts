// Our charge statuses: what the ledger stores, the filters offer and the screens label. The
// upstream's words are mapped onto them in lib/momo/status.ts.
export const CHARGE_STATUSES = ["submitting", "success", "pending", "failed", "unknown"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export type SettledStatus = Exclude<ChargeStatus, "submitting">;

export function isSettled(status: ChargeStatus): boolean {
  return status === "success" || status === "failed";
}
