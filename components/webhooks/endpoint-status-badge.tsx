// Where an endpoint stands: On, Off (an owner switched it off), or switched off for failing.
import type { EndpointStatus } from "@/lib/webhooks/view";

const ENDPOINT_STATUS_LABELS: Record<EndpointStatus, string> = {
  on: "On",
  off: "Off",
  failing: "Switched off: failing",
};

const STYLES: Record<EndpointStatus, string> = {
  on: "bg-status-success-bg text-status-success",
  off: "bg-status-pending-bg text-status-pending",
  failing: "bg-status-failed-bg text-status-failed",
};

export function EndpointStatusBadge({ status }: { status: EndpointStatus }) {
  return (
    <span data-testid="endpoint-status" className={`badge ${STYLES[status]}`}>
      {ENDPOINT_STATUS_LABELS[status]}
    </span>
  );
}

/** Whether the endpoint took an attempt: OK or Failed, with the answer's status code when one came. */
export function AttemptBadge({ ok, statusCode }: { ok: boolean; statusCode: number | null }) {
  return (
    <span className={`badge whitespace-nowrap ${ok ? STYLES.on : STYLES.failing}`}>
      {ok ? "OK" : "Failed"}
      {statusCode !== null ? ` · ${statusCode}` : ""}
    </span>
  );
}
