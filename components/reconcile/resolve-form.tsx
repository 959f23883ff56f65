"use client";
// Settling a charge of the reconciliation queue by hand (./reconcile-panel.tsx shows it only for
// one): was the customer charged, and a note — asked first, with what will be recorded. Loaded
// where it is shown, so that a charge's page carries the form library only when it has a form.
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { Resolution } from "@/lib/reconcile/schema";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { sendJson } from "@/components/ui/fetch-json";

/** What the confirmation names: the amount, the number as this member may see it. */
export type ResolutionSummary = { amount: string; phone: string };

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<Resolution>(() => import("@/lib/reconcile/schema").then((m) => m.resolutionSchema));

export default function ResolveForm({ chargeId, summary }: { chargeId: string; summary: ResolutionSummary }) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const resolve = useAction({
    send: (r: Resolution) => sendJson("POST", `/api/charges/${chargeId}/resolve`, r),
    onSuccess: () => router.refresh(),
  });
  const { register, handleSubmit, formState } = useForm<Resolution>({ resolver });
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
    <>
      {dialog}
      <form
        onFocus={resolver.preload}
        onSubmit={handleSubmit((r) => void decide(r))}
        noValidate
        className="mt-5 space-y-3 border-t border-line pt-4"
      >
        <fieldset>
          <legend className="text-sm font-medium">Was the customer charged?</legend>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" value="success" {...register("outcome")} /> Yes — mark success
            </label>
            <label className="flex min-h-11 items-center gap-2">
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
        {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
        {resolve.isError ? <FormAlert>{resolve.error.message}</FormAlert> : null}
        <Button type="submit" disabled={resolve.isPending}>
          {resolve.isPending ? "Saving…" : "Resolve charge…"}
        </Button>
      </form>
    </>
  );
}
