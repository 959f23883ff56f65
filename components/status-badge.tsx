import type { ChargeView } from "@/lib/charges/view";

const STYLES: Record<ChargeView["status"], { label: string; className: string }> = {
  submitting: { label: "Submitting", className: "bg-brand-50 text-link" },
  success: { label: "Success", className: "bg-status-success-bg text-status-success" },
  pending: { label: "Pending", className: "bg-status-pending-bg text-status-pending" },
  failed: { label: "Failed", className: "bg-status-failed-bg text-status-failed" },
  unknown: { label: "Unknown", className: "bg-status-unknown-bg text-status-unknown" },
};

export function StatusBadge({ status }: { status: ChargeView["status"] }) {
  const s = STYLES[status];
  return (
    <span data-testid="status-badge" className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.className}`}>
      {s.label}
    </span>
  );
}
