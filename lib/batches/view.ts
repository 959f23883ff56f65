// A batch as the browser sees it (types and pure helpers only: browser-safe). Numbers are already
// masked for the member who asks (lib/access/phone-visibility.ts) before a view is built.
import type { ChargeStatus } from "@/lib/market/statuses";

export type BatchStatusName = "awaiting_approval" | "rejected" | "running" | "paused" | "cancelled" | "completed";

export const BATCH_STATUS_LABELS: Record<BatchStatusName, string> = {
  awaiting_approval: "Awaiting approval",
  rejected: "Rejected",
  running: "Sending",
  paused: "Paused",
  cancelled: "Cancelled",
  completed: "Finished",
};

export type BatchCountsView = Record<"queued" | "sending" | "sent" | "cancelled" | "skipped", number> & Record<ChargeStatus, number>;

type Who = { id: string; name: string } | null;

export type BatchView = {
  id: string;
  label: string;
  status: BatchStatusName;
  rowCount: number;
  /** Minor units per currency. */
  totals: Record<string, number>;
  createdBy: Who;
  createdAt: string;
  decidedBy: Who;
  decidedAt: string | null;
  changedBy: Who;
  changedAt: string | null;
  finishedAt: string | null;
  counts: BatchCountsView;
  /** When the rows left will have been sent at the batches' share of the budget (running only). */
  finishEstimate: string | null;
  /** The batches' share of the budget, per minute: what the estimate assumes. */
  rowsPerMinute: number;
  /** What the member asking may do with it now. */
  may: { approve: boolean; reject: boolean; pause: boolean; resume: boolean; cancel: boolean };
  /** Why an owner who prepared it may not approve it (maker-checker), if so. */
  approvalBlocked: string | null;
};

export type BatchRowView = {
  rowNumber: number;
  phoneNumber: string;
  amountMinor: number;
  currency: string;
  provider: string;
  description: string;
  customerReference: string | null;
  state: "queued" | "sending" | "sent" | "cancelled" | "skipped";
  charge: { id: string; status: ChargeStatus; reference: string | null } | null;
};

export type BatchDuplicateView = {
  rowNumber: number;
  phoneNumber: string;
  amountMinor: number;
  currency: string;
  /** Another row of the batch, or a recent charge. */
  sameAsRow: number | null;
  charge: { id: string; status: ChargeStatus; createdAt: string } | null;
};

/** Sent of all rows that will be sent (cancelled ones are not waited for), 0–100. */
export function progressPercent(c: BatchCountsView): number {
  const total = c.queued + c.sending + c.sent;
  return total === 0 ? 100 : Math.floor((c.sent / total) * 100);
}
