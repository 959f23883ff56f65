// A charge's page (pages/transactions/[id].tsx, pages/reconcile/[id].tsx, served without the
// framework's runtime): what lib/charge-page/page-view.ts decided, as server HTML — its result,
// its links, the reconcile tools and the reversals for the roles that have them, its timeline —
// every time in the business's zone. Its forms are sent to the page; its script
// (./charge-script.ts) keeps an open charge current and makes the confirmation modal.
import { ChargeResult } from "@/components/charges/charge-result";
import { ChargeTimeline } from "@/components/charges/charge-timeline";
import { ReconcilePanel } from "@/components/reconcile/reconcile-panel";
import { ReversalPanel } from "@/components/reversals/reversal-panel";
import { TextLink } from "@/components/ui/link";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import type { ChargePageView } from "@/lib/charge-page/types";

export function ChargePageContent({ view: v }: { view: ChargePageView }) {
  const { charge, can } = v;
  // Pending and in the queue: past the threshold when the page was made.
  const overdue = charge.status === "pending" && v.inQueue;
  return (
    <TimeZoneProvider zone={v.timeZone}>
      <div className="mx-auto max-w-xl space-y-4">
        {v.where.back ? (
          <TextLink tap href={v.where.back.href} className="text-sm">
            {v.where.back.label}
          </TextLink>
        ) : null}
        <ChargeResult
          charge={charge}
          canCharge={can.charge}
          canReconcile={can.reconcile}
          technical={can.raw}
          pendingMinutes={v.pendingMinutes}
          overdue={overdue}
          resolution={v.resolution}
          self={v.where.path}
        />
        {/* The charge's links, each on its own (they ran together as one line of words). */}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" data-testid="charge-links">
          {v.customer ? (
            <p data-testid="charge-customer-link">
              Customer: <TextLink href={`/customers/${v.customer.id}`}>{v.customer.name}</TextLink>
            </p>
          ) : can.saveCustomer ? (
            <TextLink tap href={`/customers/new?charge=${charge.id}`}>
              Save as customer
            </TextLink>
          ) : null}
          {charge.status === "success" ? (
            <TextLink tap href={`/transactions/${charge.id}/receipt`}>
              Printable receipt
            </TextLink>
          ) : null}
        </div>
        {can.reconcile ? <ReconcilePanel view={v} /> : null}
        {can.reverse ? <ReversalPanel view={v} /> : null}
        <ChargeTimeline events={v.events} technical={can.raw} />
      </div>
    </TimeZoneProvider>
  );
}
