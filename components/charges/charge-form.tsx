"use client";
// The charge form: the server's own schema validates as the person types; one idempotency
// key per attempt, so a double click or a resend after a dropped connection charges once
// (./use-charge-submit). In TEST mode the sandbox's test numbers sit beside it (./test-numbers).
import { NetworkOptions } from "./network-options";
import { useEffect, useRef, useState } from "react";
import { useForm, type DefaultValues } from "react-hook-form";
import type { ChargeFormValues, ChargeInput } from "@/lib/charges/schema";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { type CurrencyCode, DEFAULT_CURRENCY } from "@/lib/money";
import { AmountFields } from "./amount-fields";
import { formatPhone, normalizePhone, providerById, suggestProvider } from "@/lib/market/networks";
import type { CustomerView } from "@/lib/customers/view";
import { CustomerCombobox } from "@/components/customers/customer-combobox";
import { TestNumbers } from "./test-numbers";
import type { ChargeAgain, TestNumbersSource } from "@/lib/charges/types";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass } from "@/components/ui/field";
import { useChargeSubmit } from "./use-charge-submit";

// No network until the number suggests one or the person picks it.
const EMPTY: DefaultValues<ChargeFormValues> = { amount: "", currency: DEFAULT_CURRENCY, phoneNumber: "", vouchers: "", description: "" };

// A masked number cannot be typed into the form: the field holds a well-formed stand-in (on no
// network, and not "00…", which reads as an international prefix), and the
// server puts the customer's stored number in its place (POST /api/charges, `customerId`).
const STAND_IN = "0999999999";

function startValues(customer: ChargeAgain | undefined, currency: CurrencyCode): DefaultValues<ChargeFormValues> {
  if (!customer) return { ...EMPTY, currency };
  return {
    ...EMPTY,
    currency,
    phoneNumber: customer.phoneMasked ? STAND_IN : customer.phoneNumber,
    provider: customer.provider,
    ...(customer.last ?? {}),
  };
}

/**
 * `testNumbers`: where test numbers are answered (TEST mode only); null in LIVE mode, where no list
 * is shown. `currencies`: the ones the account accepts (CURRENCIES; the first is the default) — with
 * one, the amount's label names it and there is no choice to make.
 */
// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<ChargeFormValues, ChargeInput>(() => import("@/lib/charges/schema").then((m) => m.chargeFormSchema));

export function ChargeForm({
  testNumbers = null,
  customer,
  currencies = [DEFAULT_CURRENCY],
}: {
  testNumbers?: TestNumbersSource | null;
  customer?: ChargeAgain;
  currencies?: readonly CurrencyCode[];
}) {
  const form = useForm<ChargeFormValues, unknown, ChargeInput>({
    resolver,
    defaultValues: startValues(customer, currencies[0]),
    mode: "onTouched",
  });
  const { register, handleSubmit, watch, setValue, getValues, formState } = form;
  const { errors } = formState;
  // The customer: from "Charge again", or picked from the phone field's suggestions.
  const [chosen, setChosen] = useState<ChargeAgain | undefined>(customer);
  const { onValid, formError, busy, slow, dialog } = useChargeSubmit(form, chosen?.id);
  const providerChosen = useRef(!!customer);
  const phoneRef = useRef<HTMLInputElement | null>(null);
  const focusPhone = useRef(false);
  useEffect(() => {
    if (!chosen && focusPhone.current) phoneRef.current?.focus();
    focusPhone.current = false;
  }, [chosen]);

  const pickCustomer = (c: CustomerView) => {
    providerChosen.current = true;
    setChosen({ ...c, provider: c.provider as ChargeFormValues["provider"], last: null });
    setValue("phoneNumber", c.phoneMasked ? STAND_IN : c.phoneNumber, { shouldValidate: true, shouldDirty: true });
    setValue("provider", c.provider as ChargeFormValues["provider"], { shouldValidate: true, shouldDirty: true });
  };
  const chargeSomeoneElse = () => {
    providerChosen.current = false;
    focusPhone.current = true;
    setChosen(undefined);
    setValue("phoneNumber", "", { shouldDirty: true });
    setValue("provider", "" as ChargeFormValues["provider"], { shouldDirty: true });
  };
  const phoneField = register("phoneNumber");

  const [phone, provider] = watch(["phoneNumber", "provider"]);
  const suggested = suggestProvider(phone ?? "");
  // Once the form has been submitted (or the field visited), the choice is checked again, so a
  // "Choose the customer's network" message goes away when the number picks the network.
  const recheck = formState.isSubmitted || !!formState.touchedFields.provider;
  useEffect(() => {
    if (!providerChosen.current && suggested && suggested !== getValues("provider")) {
      setValue("provider", suggested, { shouldValidate: recheck });
    }
  }, [suggested, getValues, setValue, recheck]);

  // As if typed: validated, and the network follows the prefix unless the person picked one.
  const pickTestNumber = (number: string) =>
    setValue("phoneNumber", number, { shouldValidate: true, shouldDirty: true, shouldTouch: true });

  const providerInfo = provider ? providerById(provider) : null;

  const chargeForm = (
    // POST: with no script the browser sends it to the page, which shows the form again and keeps
    // no field in the address (components/layout/island-slot.tsx says the form needs JavaScript).
    <form method="post" onFocus={resolver.preload} onSubmit={handleSubmit(onValid)} noValidate className="space-y-5" aria-busy={busy}>
      <AmountFields form={form} currencies={currencies} />

      {chosen ? (
        <div className="rounded-lg border border-line bg-canvas px-4 py-3 text-sm" data-testid="charge-customer">
          <p className="text-ink-muted">Customer</p>
          <p className="font-semibold">
            {chosen.name} · <span className="tabular-nums">{formatPhone(chosen.phoneNumber)}</span>
          </p>
          <button type="button" onClick={chargeSomeoneElse} className="tap mt-1 font-medium text-link underline">
            Charge someone else
          </button>
          {/* The number has no field here: a problem with it must still be said. */}
          {errors.phoneNumber ? <p className="mt-1 font-medium text-status-failed">{errors.phoneNumber.message}</p> : null}
        </div>
      ) : (
        <Field
          id="phoneNumber"
          label="Customer's phone number"
          error={errors.phoneNumber?.message}
          hint={
            phone && normalizePhone(phone).length === 10
              ? `Local form: ${formatPhone(normalizePhone(phone))}`
              : "Local digits such as 024 123 4567 (+233 is fine too), or a customer's name or reference to choose them."
          }
        >
          <CustomerCombobox
            id="phoneNumber"
            field={{
              ...phoneField,
              ref: (el) => {
                phoneField.ref(el);
                phoneRef.current = el;
              },
            }}
            value={phone ?? ""}
            invalid={!!errors.phoneNumber}
            describedBy={describedBy("phoneNumber", true, errors.phoneNumber?.message)}
            onPick={pickCustomer}
          />
        </Field>
      )}

      <Field
        id="provider"
        label="Network"
        error={errors.provider?.message}
        hint={
          suggested
            ? suggested === provider
              ? "Suggested from the number's prefix — change it if the customer has ported."
              : `The prefix suggests ${providerById(suggested)?.label}.`
            : undefined
        }
      >
        {(control) => (
          <select {...control} className={inputClass} {...register("provider", { onChange: () => (providerChosen.current = true) })}>
            <NetworkOptions prompt="Choose the network…" />
          </select>
        )}
      </Field>

      {providerInfo?.voucher ? (
        <Field id="vouchers" label="Voucher (optional)" error={errors.vouchers?.message} hint={providerInfo.voucher}>
          {(control) => <input {...control} autoComplete="off" className={inputClass} {...register("vouchers")} />}
        </Field>
      ) : null}

      <Field
        id="description"
        label="Description (optional)"
        error={errors.description?.message}
        hint="Shown in the history and on the customer's statement where the network supports it."
      >
        {(control) => <input {...control} autoComplete="off" className={inputClass} {...register("description")} />}
      </Field>

      {errors.root ? (
        <div role="alert" className="rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed">
          {errors.root.message}
        </div>
      ) : null}
      {formError ? (
        <div role="alert" className="rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed">
          {formError}
        </div>
      ) : null}

      {slow ? (
        <p role="status" className="rounded-lg bg-status-pending-bg px-4 py-3 text-sm text-status-pending">
          The network is slow: the upstream has not answered yet. The charge is recorded, so leaving this page will not lose it; its outcome
          will be under Transactions. Do not charge again.
        </p>
      ) : null}

      {dialog}
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? (
          <>
            <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            Charging…
          </>
        ) : (
          "Charge customer"
        )}
      </Button>
      {/* Without scripts the button never wakes: say why, rather than leave it grey. */}
      <noscript>
        <p className="text-sm text-status-failed" data-testid="charge-needs-script">
          Charging needs JavaScript: it gives each charge its one-time key, so that a customer is never charged twice. Turn JavaScript on in
          this browser, then reload the page.
        </p>
      </noscript>
    </form>
  );
  if (!testNumbers || chosen) return chargeForm;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
      {chargeForm}
      <div className="border-t border-line pt-5 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6">
        <TestNumbers source={testNumbers} current={normalizePhone(phone ?? "")} onPick={pickTestNumber} />
      </div>
    </div>
  );
}
