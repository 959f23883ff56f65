// What a charge's page is given (./page-view.ts decides it; components/charge-page/ renders it).
// Types only, so the page's components may know them.
import type { ChargeView, EventView, ResolutionView } from "@/lib/charges/view";

/** The page's own address (its forms are sent there) and, from the queue, the way back to it. */
export type Where = { path: string; back: { href: string; label: string } | null };

/** A form of the page sent back to it: what the person wrote, what to fix (by field, or `form`), and for a resolution whether to ask to confirm. */
export type ResolveForm = { values: { outcome: string; note: string }; errors: Record<string, string>; confirm: boolean };
export type ReverseForm = { values: { amount: string; method: string; note: string }; errors: Record<string, string>; open: boolean };

/** The forms the page shows as sent, when it is shown again after one. */
export type ChargePageForms = { check?: { error: string }; resolve?: ResolveForm; reverse?: ReverseForm };

export type ChargePageView = {
  charge: ChargeView;
  events: EventView[];
  resolution: ResolutionView | null;
  customer: { id: string; name: string } | null;
  /** The business's zone, in which every time on the page is written. */
  timeZone: string;
  where: Where;
  /** What the member's role lets them do here, for this charge as it is. */
  can: { charge: boolean; reconcile: boolean; raw: boolean; reverse: boolean; saveCustomer: boolean };
  /** RECONCILE_PENDING_MINUTES: after this long a pending charge waits for reconciliation. */
  pendingMinutes: number;
  inQueue: boolean;
  /** What a resolution's confirmation names: the amount, the number as this member may see it. */
  summary: { amount: string; phone: string };
  /** Check status was just pressed: the page says what the upstream answered. */
  checked: boolean;
  check: { error: string } | null;
  resolve: ResolveForm | null;
  reverse: ReverseForm;
  /** A toast the page opens with (a reversal just recorded). */
  toast: string | null;
  /** While the charge is open: what the page's script asks, and for how long. */
  watch: { url: string; status: ChargeView["status"]; updatedAt: string; forMs: number } | null;
};
