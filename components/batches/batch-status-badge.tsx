import { BATCH_STATUS_LABELS, type BatchStatusName } from "@/lib/batches/view";

const STYLES: Record<BatchStatusName, string> = {
  awaiting_approval: "bg-status-pending-bg text-status-pending",
  rejected: "bg-status-failed-bg text-status-failed",
  running: "bg-brand-50 text-link",
  paused: "bg-status-unknown-bg text-status-unknown",
  cancelled: "bg-status-failed-bg text-status-failed",
  completed: "bg-status-success-bg text-status-success",
};

export function BatchStatusBadge({ status }: { status: BatchStatusName }) {
  return (
    <span data-testid="batch-status" className={`badge ${STYLES[status]}`}>
      {BATCH_STATUS_LABELS[status]}
    </span>
  );
}
