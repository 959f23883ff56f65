import type { ChargeView } from "@/lib/charges/view";
import { STATUS_LABELS } from "@/lib/market/statuses";

const STYLES: Record<ChargeView["status"], string> = {
  submitting: "bg-brand-50 text-link",
  success: "bg-status-success-bg text-status-success",
  pending: "bg-status-pending-bg text-status-pending",
  failed: "bg-status-failed-bg text-status-failed",
  unknown: "bg-status-unknown-bg text-status-unknown",
};

export function StatusBadge({ status }: { status: ChargeView["status"] }) {
  return (
    <span data-testid="status-badge" className={`badge ${STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
