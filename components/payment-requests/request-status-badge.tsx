import { REQUEST_STATUS_LABELS, type RequestStatus } from "@/lib/payment-requests/shape";

const STYLES: Record<RequestStatus, string> = {
  active: "bg-brand-50 text-link",
  paused: "bg-status-unknown-bg text-status-unknown",
  cancelled: "bg-status-failed-bg text-status-failed",
  expired: "bg-status-pending-bg text-status-pending",
  paid: "bg-status-success-bg text-status-success",
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span data-testid="request-status" className={`badge ${STYLES[status]}`}>
      {REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
