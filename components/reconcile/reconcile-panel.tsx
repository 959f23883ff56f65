// Support's tools for an open charge, as forms sent to the charge's page
// (lib/charge-page/page-view.ts): ask the upstream again, or, once the charge is in the
// reconciliation queue (unknown, or pending past RECONCILE_PENDING_MINUTES), settle it by hand
// with a note (./resolve-form.tsx) — asked first, with what will be recorded. A younger pending
// charge can only be checked: the customer may still be approving it on their phone.
import { buttonClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import type { ChargePageView } from "@/lib/charge-page/types";
import { STATUS_LABELS } from "@/lib/market/statuses";
import { ResolveForm } from "./resolve-form";

export function ReconcilePanel({ view: v }: { view: ChargePageView }) {
  const { charge, inQueue, pendingMinutes } = v;
  const hasReference = !!charge.reference;
  return (
    <Card>
      <h2 id="reconcile" className="text-lg font-semibold">
        Reconcile
      </h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="reconcile-advice">
        {!inQueue
          ? `The customer may still be approving this charge on their phone. It joins the reconciliation queue ${pendingMinutes} ${pendingMinutes === 1 ? "minute" : "minutes"} after it was made; it can be resolved by hand then.`
          : hasReference
            ? "Ask the upstream for this charge's status first. If it cannot tell, check the customer's wallet, then resolve by hand."
            : "The upstream never gave this charge a reference, so it cannot be looked up. " +
              "Check the customer's wallet or the upstream's records, then resolve by hand."}
      </p>
      {hasReference ? (
        <form method="post" action={v.where.path} className="mt-3 flex flex-wrap items-center gap-3" data-pending-label="Checking…">
          <button type="submit" name="intent" value="check" className={buttonClass("secondary")}>
            Check status
          </button>
          {/* The answer beside the button that asked for it, not only further down the timeline. */}
          <p role="status" className="text-sm" data-testid="check-answer">
            {v.checked ? (
              <>
                The upstream says: <strong>{STATUS_LABELS[charge.status]}</strong>
                {charge.message ? ` — ${charge.message}` : ""}
              </>
            ) : null}
          </p>
          {v.check ? (
            <div className="mt-2">
              <FormAlert>{v.check.error}</FormAlert>
            </div>
          ) : null}
        </form>
      ) : null}
      {inQueue ? <ResolveForm view={v} /> : null}
    </Card>
  );
}
