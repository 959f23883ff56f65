// A customer paying an open link: their number (or the mask of the one the link was made for),
// their network, the amount when it is theirs to choose. A plain HTML form that posts to the page
// itself with the key the server made for it: a second press, or the same form sent again after
// a lost answer, is answered with the first attempt. Rendered on the server only (the page runs
// no framework JavaScript; ./pay-script.ts adds what a script can).
import { NetworkOptions } from "@/components/charges/network-options";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { formatPhone, providerLabel, suggestProvider } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import type { PayPageView } from "@/lib/payment-requests/view";
import { Card } from "@/components/ui/card";

type OpenPage = Extract<PayPageView, { state: "open" }>;

/** The kit's primary button, without its wait for hydration: this page never hydrates. */
const BUTTON =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-base font-semibold " +
  "text-white transition-colors hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:bg-brand-700";

export function PayForm({ page }: { page: OpenPage }) {
  const { customer, currency, amount, form } = page;
  const due = amount.kind === "fixed" ? formatMoney(amount.minor, currency) : null;
  const provider = form.values.provider || suggestProvider(form.values.phoneNumber) || "";
  return (
    <Card as="form" id="pay-form" method="post" action={`/pay/${page.token}`} noValidate className="space-y-5">
      <input type="hidden" name="key" value={form.key} />
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">{due ? `Pay ${due}` : "Make a payment"}</h1>
        {page.description ? <p className="text-ink-muted">{page.description}</p> : null}
      </div>
      {form.problem ? <FormAlert>{form.problem}</FormAlert> : null}
      {customer ? (
        <p>
          The payment prompt goes to <strong>{formatPhone(customer.phoneNumber)}</strong> ({providerLabel(customer.provider)}). Not your
          number? Ask the business for a new link.
        </p>
      ) : (
        <>
          <Field id="pay-phone" label="Your mobile money number" error={form.fields.phoneNumber}>
            {(control) => (
              <input
                {...control}
                name="phoneNumber"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="024 123 4567"
                className={inputClass}
                defaultValue={form.values.phoneNumber}
              />
            )}
          </Field>
          <Field
            id="pay-network"
            label="Network"
            hint="Found from your number; change it if your number moved networks."
            error={form.fields.provider}
          >
            {(control) => (
              <select {...control} name="provider" className={inputClass} defaultValue={provider}>
                <NetworkOptions prompt="Choose your network" />
              </select>
            )}
          </Field>
        </>
      )}
      {amount.kind === "open" ? (
        <Field
          id="pay-amount"
          label={`Amount (${currency})`}
          hint={`From ${formatMoney(amount.min, currency)} to ${formatMoney(amount.max, currency)}`}
          error={form.fields.amount}
        >
          {(control) => (
            <input
              {...control}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              className={inputClass}
              defaultValue={form.values.amount}
            />
          )}
        </Field>
      ) : null}
      <button type="submit" className={BUTTON}>
        {due ? `Pay ${due}` : "Pay"}
      </button>
      <p className="text-xs text-ink-muted">
        You approve the payment on your phone with your mobile money PIN. Nobody from {page.business.name || "the business"} will ask you
        for it.
      </p>
    </Card>
  );
}
