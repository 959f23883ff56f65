"use client";
// Making a pay link: a fixed amount or a range the customer chooses in, what it is for, for
// anyone with the link or for one directory customer, how long it lives, paid once or by many.
// The same schema as the server's; its checks arrive on the form's first focus.
import { useNavigation } from "@/components/ui/navigation";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { useAction } from "@/components/ui/use-action";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import type { CurrencyCode } from "@/lib/money";
import type { PaymentRequestFormValues, PaymentRequestInput } from "@/lib/payment-requests/schema";
import { EXPIRY_DEFAULT_DAYS, MAX_PAYMENTS_LIMIT, REQUEST_DESCRIPTION_MAX } from "@/lib/payment-requests/shape";
import type { PaymentRequestView } from "@/lib/payment-requests/view";
import { groupDigits } from "@/lib/format";

const resolver = lazyZodResolver<PaymentRequestFormValues, PaymentRequestInput>(() =>
  import("@/lib/payment-requests/schema").then((m) => m.paymentRequestSchema),
);

const EXPIRY_CHOICES = [1, 3, 7, 14, 30, 90];
const FIELDS = [
  "amountKind",
  "amount",
  "minAmount",
  "maxAmount",
  "currency",
  "description",
  "customerId",
  "expiresInDays",
  "reusable",
  "maxPayments",
  "reference",
] as const;

type Props = {
  currencies: CurrencyCode[];
  /** The directory customer it is made for (from their page), or none. */
  customer: { id: string; name: string } | null;
};

export function RequestForm({ currencies, customer }: Props) {
  const navigation = useNavigation();
  const form = useForm<PaymentRequestFormValues, unknown, PaymentRequestInput>({
    resolver,
    defaultValues: {
      amountKind: "fixed",
      amount: "",
      minAmount: "",
      maxAmount: "",
      currency: currencies[0],
      description: "",
      customerId: customer?.id ?? "",
      expiresInDays: String(EXPIRY_DEFAULT_DAYS),
      reusable: false,
      maxPayments: "",
      reference: "",
    },
    mode: "onTouched",
  });
  const { register, handleSubmit, watch, setError, formState } = form;
  const { errors } = formState;
  const kind = watch("amountKind");
  const reusable = watch("reusable");
  const err = (k: (typeof FIELDS)[number]) => errors[k]?.message;

  const save = useAction({
    send: (values: PaymentRequestFormValues) =>
      // Only the amounts of the kind chosen: the others may hold what was typed before a switch.
      sendJson<{ request: PaymentRequestView }>("POST", "/api/payment-requests", {
        ...values,
        ...(values.amountKind === "fixed" ? { minAmount: "", maxAmount: "" } : { amount: "" }),
        ...(values.reusable ? {} : { maxPayments: "" }),
      }),
    onSuccess: ({ request }) => {
      navigation.go(`/pay-links/${request.id}`, { toast: "The pay link is ready to share" });
    },
    onError: (e) => applyFieldErrors(e, setError, FIELDS),
  });
  const currencyLabel = currencies.length === 1 ? ` (${currencies[0]})` : "";
  const amountInput = (id: "amount" | "minAmount" | "maxAmount", label: string) => (
    <Field id={`request-${id}`} label={`${label}${currencyLabel}`} error={err(id)}>
      {(control) => <input {...control} inputMode="decimal" autoComplete="off" className={inputClass} {...register(id)} />}
    </Field>
  );

  return (
    <form
      // POST: with no script the browser sends it to the page, which shows the form again and keeps
      // no field in the address (components/layout/island-slot.tsx says the form needs JavaScript).
      method="post"
      onFocus={resolver.preload}
      // What was typed goes to the server, which parses it with the same schema.
      onSubmit={handleSubmit(() => save.mutate(form.getValues()))}
      noValidate
      className="space-y-4"
      data-testid="request-form"
    >
      {customer ? (
        <p className="rounded-lg border border-line bg-canvas px-3 py-2 text-sm">
          For <strong>{customer.name}</strong>: the pay page offers only their number, partly hidden.
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">Who sets the amount</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="fixed" {...register("amountKind")} /> A fixed amount
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="open" {...register("amountKind")} /> The customer enters it
          </label>
        </div>
        {err("amountKind") ? <p className="text-sm text-status-failed">{err("amountKind")}</p> : null}
      </fieldset>
      {kind === "open" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {amountInput("minAmount", "Smallest amount")}
          {amountInput("maxAmount", "Largest amount")}
        </div>
      ) : (
        amountInput("amount", "Amount")
      )}
      {currencies.length > 1 ? (
        <Field id="request-currency" label="Currency" error={err("currency")}>
          {(control) => (
            <select {...control} className={inputClass} {...register("currency")}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field
        id="request-description"
        label="What it is for"
        hint={`Shown to the customer on the pay page; at most ${REQUEST_DESCRIPTION_MAX} characters.`}
        error={err("description")}
      >
        {(control) => <input {...control} autoComplete="off" className={inputClass} {...register("description")} />}
      </Field>
      <Field id="request-expires" label="The link works for" error={err("expiresInDays")}>
        {(control) => (
          <select {...control} className={inputClass} {...register("expiresInDays")}>
            {EXPIRY_CHOICES.map((d) => (
              <option key={d} value={String(d)}>
                {d === 1 ? "1 day" : `${d} days`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="space-y-2">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" {...register("reusable")} /> Can be paid more than once (a price list, a donation)
        </label>
        {reusable ? (
          <Field
            id="request-max-payments"
            label="Most payments (optional)"
            hint={`Leave empty for no maximum; at most ${groupDigits(MAX_PAYMENTS_LIMIT)}.`}
            error={err("maxPayments")}
          >
            {(control) => <input {...control} inputMode="numeric" autoComplete="off" className={inputClass} {...register("maxPayments")} />}
          </Field>
        ) : null}
      </div>
      <Field
        id="request-reference"
        label="Your reference (optional)"
        hint="An invoice or order number; at most 40 characters."
        error={err("reference")}
      >
        {(control) => <input {...control} autoComplete="off" className={inputClass} {...register("reference")} />}
      </Field>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {errors.customerId ? <FormAlert>{errors.customerId.message}</FormAlert> : null}
      {save.isError && !namesField(save.error) ? <FormAlert>{save.error.message}</FormAlert> : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Making the link…" : "Make the pay link"}
      </Button>
    </form>
  );
}
