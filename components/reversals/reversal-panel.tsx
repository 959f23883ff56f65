"use client";
// An owner's or support's record of money given back on a successful charge (a network reversal,
// cash at the counter): amount (what is left, prefilled), how, and a note. Nothing is sent upstream.
// The form waits behind "Record a reversal", so the charge's page does not open on it.
import { zodResolver } from "@hookform/resolvers/zod";
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { REVERSAL_METHODS, reversalSchema, type ReversalInput } from "@/lib/reversals/schema";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import { formatMoney, minorToDecimal } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";

type Props = { chargeId: string; currency: string; amountMinor: number; reversedMinor: number };

export function ReversalPanel({ chargeId, currency, amountMinor, reversedMinor }: Props) {
  const router = useRouter();
  const left = amountMinor - reversedMinor;
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useForm<ReversalInput>({
    resolver: zodResolver(reversalSchema),
    defaultValues: { amount: minorToDecimal(left, currency), method: undefined, note: "" },
  });
  const save = useAction({
    send: (r: ReversalInput) =>
      fetchJson<{ charge: { reversedMinor: number } }>(`/api/charges/${chargeId}/reversals`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(r),
      }),
    onSuccess: ({ charge }) => {
      const nowLeft = amountMinor - charge.reversedMinor;
      toast(
        nowLeft > 0 ? `Reversal recorded. ${formatMoney(nowLeft, currency)} left.` : "Reversal recorded. The charge is reversed in full.",
      );
      reset({ amount: minorToDecimal(nowLeft, currency), method: undefined, note: "" });
      router.refresh();
    },
    onError: (e) => {
      if (e instanceof HttpError && e.fields?.amount) setError("amount", { message: e.fields.amount });
    },
  });
  const { errors } = formState;
  const fieldError = (id: keyof ReversalInput) => errors[id]?.message;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Reversals</h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="reversal-summary">
        {reversedMinor > 0
          ? `${formatMoney(reversedMinor, currency)} of ${formatMoney(amountMinor, currency)} given back; ${formatMoney(left, currency)} left.`
          : "Record money given back to the customer outside the upstream (it has no refund call): nothing is sent to the network."}
      </p>
      {left > 0 && !open ? (
        <Button type="button" variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          Record a reversal…
        </Button>
      ) : null}
      {left > 0 && open ? (
        <form onSubmit={handleSubmit((r) => save.mutate(r))} noValidate className="mt-4 space-y-1 border-t border-line pt-4">
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
          {save.isError && !(save.error instanceof HttpError && save.error.fields?.amount) ? (
            <FormAlert>{save.error.message}</FormAlert>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Record reversal"}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
