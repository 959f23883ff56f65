"use client";
// Support's tools for an open charge: ask the upstream again, or settle it by hand with a note.
import { zodResolver } from "@hookform/resolvers/zod";
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { resolutionSchema, type Resolution } from "@/lib/reconcile/schema";
import { fetchJson } from "@/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";

const post = (url: string, body?: unknown) =>
  fetchJson(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) });

export function ReconcilePanel({ chargeId, hasReference }: { chargeId: string; hasReference: boolean }) {
  const router = useRouter();
  const check = useAction({ send: () => post(`/api/charges/${chargeId}/check`), onSuccess: () => router.refresh() });
  const resolve = useAction({
    send: (r: Resolution) => post(`/api/charges/${chargeId}/resolve`, r),
    onSuccess: () => router.refresh(),
  });
  const { register, handleSubmit, formState } = useForm<Resolution>({ resolver: zodResolver(resolutionSchema) });
  const { errors } = formState;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Reconcile</h2>
      <p className="mt-1 text-sm text-ink-muted">
        {hasReference
          ? "Ask the upstream for this charge's status first. If it cannot tell, check the customer's wallet, then resolve by hand."
          : "The upstream never gave this charge a reference, so it cannot be looked up. " +
            "Check the customer's wallet or the upstream's records, then resolve by hand."}
      </p>
      {hasReference ? (
        <div className="mt-3">
          <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? "Checking…" : "Check status"}
          </Button>
          {check.isError ? (
            <div className="mt-2">
              <FormAlert>{check.error.message}</FormAlert>
            </div>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={handleSubmit((r) => resolve.mutate(r))} noValidate className="mt-5 space-y-3 border-t border-line pt-4">
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
          {resolve.isPending ? "Saving…" : "Resolve charge"}
        </Button>
      </form>
    </Card>
  );
}
