"use client";
// The charge form's amount, with what the customer pays as they will see it, and its currency:
// a choice only when the account accepts more than one (CURRENCIES), else named in the label.
import type { UseFormReturn } from "react-hook-form";
import type { ChargeFormValues, ChargeInput } from "@/lib/charges/schema";
import { CURRENCIES, type CurrencyCode, exponentOf, formatMoney, parseAmount } from "@/lib/money";
import { Field, inputClass } from "@/components/ui/field";

export function AmountFields({
  form,
  currencies,
}: {
  form: UseFormReturn<ChargeFormValues, unknown, ChargeInput>;
  currencies: readonly CurrencyCode[];
}) {
  const { register, watch, formState } = form;
  const { errors } = formState;
  const [amount, currency] = watch(["amount", "currency"]);
  const preview = currency && amount ? parseAmount(amount, currency) : null;
  const exponent = currency ? exponentOf(currency) : 2;
  const choose = currencies.length > 1;
  return (
    <div className={choose ? "grid gap-4 sm:grid-cols-[1fr_9rem]" : undefined}>
      <Field
        id="amount"
        label={choose ? "Amount" : `Amount (${currencies[0]})`}
        error={errors.amount?.message}
        hint={preview?.ok ? `Customer pays ${formatMoney(preview.minor, currency)}` : undefined}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder={exponent ? `0.${"0".repeat(exponent)}` : "0"}
            className={inputClass}
            {...register("amount")}
          />
        )}
      </Field>
      {choose ? (
        <Field id="currency" label="Currency" error={errors.currency?.message}>
          {(control) => (
            <select {...control} className={inputClass} {...register("currency", { deps: ["amount"] })}>
              {currencies.map((c) => (
                <option key={c} value={c} title={CURRENCIES[c].name}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {/* One currency: no choice to make, and a server refusal of it still has a place to be said. */}
      {!choose && errors.currency ? <p className="text-sm font-medium text-status-failed">{errors.currency.message}</p> : null}
    </div>
  );
}
