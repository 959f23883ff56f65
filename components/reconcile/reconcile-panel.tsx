"use client";
// Support's tools for an open charge: ask the upstream again, or, once the charge is in the
// reconciliation queue (unknown, or pending past RECONCILE_PENDING_MINUTES), settle it by hand with
// a note — asked first, with what will be recorded. A younger pending charge can only be checked:
// the customer may still be approving it on their phone.
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { lazy, Suspense } from "react";
import type { ChargeView } from "@/lib/charges/view";
import { STATUS_LABELS } from "@/lib/market/statuses";
import { sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import type { ResolutionSummary } from "./resolve-form";

// The resolve form (./resolve-form.tsx) is loaded only for a charge of the queue: a charge's page
// otherwise carries no form library for it. Check status stays here, ready with the page.
const ResolveForm = lazy(() => import("./resolve-form"));

const post = (url: string, body?: unknown) => sendJson("POST", url, body ?? {});

export function ReconcilePanel({
  chargeId,
  hasReference,
  inQueue,
  pendingMinutes,
  summary,
}: {
  chargeId: string;
  hasReference: boolean;
  /** Unknown, or pending past RECONCILE_PENDING_MINUTES: only then may it be resolved by hand. */
  inQueue: boolean;
  pendingMinutes: number;
  summary: ResolutionSummary;
}) {
  const router = useRouter();
  const check = useAction({
    send: () => post(`/api/charges/${chargeId}/check`) as Promise<{ charge: ChargeView | null }>,
    onSuccess: () => router.refresh(),
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold">Reconcile</h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="reconcile-advice">
        {!inQueue
          ? `The customer may still be approving this charge on their phone. It joins the reconciliation queue ${pendingMinutes} ${pendingMinutes === 1 ? "minute" : "minutes"} after it was made; it can be resolved by hand then.`
          : hasReference
            ? "Ask the upstream for this charge's status first. If it cannot tell, check the customer's wallet, then resolve by hand."
            : "The upstream never gave this charge a reference, so it cannot be looked up. " +
              "Check the customer's wallet or the upstream's records, then resolve by hand."}
      </p>
      {hasReference ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? "Checking…" : "Check status"}
          </Button>
          {/* The answer beside the button that asked for it, not only further down the timeline. */}
          <p role="status" className="text-sm" data-testid="check-answer">
            {check.data?.charge ? (
              <>
                The upstream says: <strong>{STATUS_LABELS[check.data.charge.status]}</strong>
                {check.data.charge.message ? ` — ${check.data.charge.message}` : ""}
              </>
            ) : null}
          </p>
          {check.isError ? (
            <div className="mt-2">
              <FormAlert>{check.error.message}</FormAlert>
            </div>
          ) : null}
        </div>
      ) : null}
      {inQueue ? (
        <Suspense fallback={null}>
          <ResolveForm chargeId={chargeId} summary={summary} />
        </Suspense>
      ) : null}
    </Card>
  );
}
