"use client";
// The reversal form itself (./reversal-panel.tsx opens it): amount (what is left, prefilled), how,
// and a note. Loaded when "Record a reversal" is pressed, so a charge's page carries neither the
// form library nor the schema until then.
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { ReversalInput } from "@/lib/reversals/schema";
import { REVERSAL_METHODS } from "@/lib/reversals/shape";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { formatMoney, minorToDecimal } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";

type Props = { chargeId: string; currency: string; amountMinor: number; reversedMinor: number };

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<ReversalInput>(() => import("@/lib/reversals/schema").then((m) => m.reversalSchema));

export default function ReversalForm({ chargeId, currency, amountMinor, reversedMinor }: Props) {
  const router = useRouter();
  const left = amountMinor - reversedMinor;
  const { register, handleSubmit, formState, setError, reset, setFocus } = useForm<ReversalInput>({
    resolver,
    defaultValues: { amount: minorToDecimal(left, currency), method: undefined, note: "" },
  });
  // The button that opened the form is gone: focus moves to the form's first field.
  useEffect(() => setFocus("amount"), [setFocus]);
  const save = useAction({
    send: (r: ReversalInput) => sendJson<{ charge: { reversedMinor: number } }>("POST", `/api/charges/${chargeId}/reversals`, r),
    onSuccess: ({ charge }) => {
      const nowLeft = amountMinor - charge.reversedMinor;
      toast(
        nowLeft > 0 ? `Reversal recorded. ${formatMoney(nowLeft, currency)} left.` : "Reversal recorded. The charge is reversed in full.",
      );
      reset({ amount: minorToDecimal(nowLeft, currency), method: undefined, note: "" });
      router.refresh();
    },
    onError: (e) => applyFieldErrors(e, setError, ["amount"]),
  });
  const { errors } = formState;
  const fieldError = (id: keyof ReversalInput) => errors[id]?.message;

  return (
    <form
      onFocus={resolver.preload}
      onSubmit={handleSubmit((r) => save.mutate(r))}
      noValidate
      className="mt-4 space-y-1 border-t border-line pt-4"
    >
      <Field
        id="reversal-amount"
        label={`Amount given back (${currency})`}
        hint={`At most ${formatMoney(left, currency)}`}
        error={fieldError("amount")}
      >
        {(control) => <input {...control} inputMode="decimal" autoComplete="off" className={inputClass} {...register("amount")} />}
      </Field>
      <Field id="reversal-method" label="How it went back" error={fieldError("method")}>
        {(control) => (
          <select {...control} className={inputClass} defaultValue="" {...register("method")}>
            <option value="" disabled>
              Choose…
            </option>
            {Object.entries(REVERSAL_METHODS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="reversal-note"
        label="Note (required)"
        hint="Who asked, and what was done. Kept on the charge, never in the audit log."
        error={fieldError("note")}
      >
        {(control) => <textarea {...control} rows={3} className={inputClass} {...register("note")} />}
      </Field>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {save.isError && !namesField(save.error, ["amount"]) ? <FormAlert>{save.error.message}</FormAlert> : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Record reversal"}
      </Button>
    </form>
  );
}
