// The reversal form itself (./reversal-panel.tsx holds it behind its disclosure): amount (what is
// left, prefilled), how, and a note. Sent to the charge's page, which checks it with the route's
// schema (lib/reversals/schema.ts) and shows it again with what to fix, or records it and says
// what is left. It carries what had been given back when it was shown, so that sent twice it is
// recorded once.
import { buttonClass } from "@/components/ui/button-class";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import type { ChargePageView } from "@/lib/charge-page/types";
import { formatMoney } from "@/lib/money";
import { REVERSAL_METHODS } from "@/lib/reversals/shape";

export function ReversalForm({ view: v }: { view: ChargePageView }) {
  const { currency, amountMinor, reversedMinor } = v.charge;
  const left = amountMinor - reversedMinor;
  const { values, errors } = v.reverse;
  return (
    <form method="post" action={v.where.path} noValidate className="mt-4 space-y-1 border-t border-line pt-4" data-pending-label="Saving…">
      <input type="hidden" name="intent" value="reverse" />
      <input type="hidden" name="seen" value={reversedMinor} />
      <Field
        id="reversal-amount"
        label={`Amount given back (${currency})`}
        hint={`At most ${formatMoney(left, currency)}`}
        error={errors.amount}
      >
        {(control) => (
          <input {...control} name="amount" inputMode="decimal" autoComplete="off" className={inputClass} defaultValue={values.amount} />
        )}
      </Field>
      <Field id="reversal-method" label="How it went back" error={errors.method}>
        {(control) => (
          <select {...control} name="method" className={inputClass} defaultValue={values.method}>
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
        error={errors.note}
      >
        {(control) => <textarea {...control} name="note" rows={3} className={inputClass} defaultValue={values.note} />}
      </Field>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <button type="submit" className={buttonClass("primary")}>
        Record reversal
      </button>
    </form>
  );
}
