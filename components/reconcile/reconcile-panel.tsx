"use client";
// Support's tools for an open charge: ask the upstream again, or, once the charge is in the
// reconciliation queue (unknown, or pending past RECONCILE_PENDING_MINUTES), settle it by hand with
// a note — asked first, with what will be recorded. A younger pending charge can only be checked:
// the customer may still be approving it on their phone.
import { zodResolver } from "@hookform/resolvers/zod";
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { resolutionSchema, type Resolution } from "@/lib/reconcile/schema";
import type { ChargeView } from "@/lib/charges/view";
import { STATUS_LABELS } from "@/lib/market/statuses";
import { fetchJson } from "@/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";

const post = (url: string, body?: unknown) =>
  fetchJson(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) });

/** What the confirmation names: the amount, the number as this member may see it. */
export type ResolutionSummary = { amount: string; phone: string };

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
  const { confirm, dialog } = useConfirm();
  const check = useAction({
    send: () => post(`/api/charges/${chargeId}/check`) as Promise<{ charge: ChargeView | null }>,
    onSuccess: () => router.refresh(),
  });
  const resolve = useAction({
    send: (r: Resolution) => post(`/api/charges/${chargeId}/resolve`, r),
    onSuccess: () => router.refresh(),
  });
  const { register, handleSubmit, formState } = useForm<Resolution>({ resolver: zodResolver(resolutionSchema) });
  const { errors } = formState;
  const decide = (r: Resolution) =>
    confirm({
      title: r.outcome === "success" ? "Mark this charge as successful?" : "Mark this charge as failed?",
      body: (
        <>
          {summary.amount} from {summary.phone} is recorded as{" "}
          <strong>{r.outcome === "success" ? "received: the customer was charged" : "not received: the customer was not charged"}</strong>,
          with your note and your name on its timeline. This cannot be undone.
        </>
      ),
      confirmLabel: r.outcome === "success" ? "Mark successful" : "Mark failed",
      tone: r.outcome === "success" ? "primary" : "danger",
      onConfirm: () => resolve.mutateAsync(r),
    });

  return (
    <Card>
      {dialog}
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
        <form onSubmit={handleSubmit((r) => void decide(r))} noValidate className="mt-5 space-y-3 border-t border-line pt-4">
          <fieldset>
            <legend className="text-sm font-medium">Was the customer charged?</legend>
            <div className="mt-2 flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="success" {...register("outcome")} /> Yes — mark success
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="failed" {...register("outcome")} /> No — mark failed
              </label>
            </div>
            {errors.outcome ? <p className="mt-1 text-sm text-status-failed">{errors.outcome.message}</p> : null}
          </fieldset>
          <label className="block text-sm font-medium">
            Note (required)
            <textarea
              rows={3}
              className="mt-1 block w-full rounded-lg border border-line p-2 text-sm"
              aria-invalid={!!errors.note}
              {...register("note")}
            />
          </label>
          {errors.note ? <p className="text-sm text-status-failed">{errors.note.message}</p> : null}
          {resolve.isError ? <FormAlert>{resolve.error.message}</FormAlert> : null}
          <Button type="submit" disabled={resolve.isPending}>
            {resolve.isPending ? "Saving…" : "Resolve charge…"}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
