// A customer paying an open link: their number (or the mask of the one the link was made for),
// their network, the amount when it is theirs to choose. Then ./pay-outcome.tsx: "approve the
// prompt on your phone" with the live status, and the receipt. The attempt's key is kept before
// it is sent (./use-pay-attempt.ts), so no tap, reload or retry makes a second attempt.
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import { formatPhone, PROVIDERS, providerLabel, suggestProvider } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import type { PayAttemptView, PayPageView } from "@/lib/payment-requests/view";
import { Outcome } from "./pay-outcome";
import { newKey, storeKey, useAttempt } from "./use-pay-attempt";

type OpenPage = Extract<PayPageView, { state: "open" }>;

const UNREACHABLE = "We could not reach the business's server. Check your connection and press Pay again: you will not be charged twice.";

export function PayFlow({ page }: { page: OpenPage }) {
  const { token, customer, currency, amount } = page;
  const { key, setKey, attempt, setAttempt, unreachable } = useAttempt(token);
  const [phoneNumber, setPhoneNumber] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [amountText, setAmountText] = useState("");
  const [posting, setPosting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  if (attempt) {
    const retry = () => {
      storeKey(token, null);
      setKey(null);
      setAttempt(null);
    };
    return (
      <Outcome
        attempt={attempt}
        business={page.business.name}
        description={page.description}
        unreachable={unreachable}
        onRetry={attempt.status === "failed" ? retry : undefined}
      />
    );
  }

  const provider = customer ? customer.provider : (chosen ?? suggestProvider(phoneNumber) ?? "");
  const due = amount.kind === "fixed" ? formatMoney(amount.minor, currency) : null;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (posting) return;
    const k = key ?? newKey();
    storeKey(token, k);
    setKey(k);
    setPosting(true);
    setProblem(null);
    setFields({});
    try {
      const body = customer ? { amount: due ? "" : amountText } : { phoneNumber, provider, amount: due ? "" : amountText };
      const answer = await fetchJson<{ attempt: PayAttemptView }>(`/api/pay/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": k },
        body: JSON.stringify(body),
      });
      setAttempt(answer.attempt);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      setFields(error.fields ?? {});
      setProblem(error.status === 0 ? UNREACHABLE : error.fields ? null : error.message);
    } finally {
      setPosting(false);
    }
  }

  return (
    <form onSubmit={pay} noValidate className="space-y-5 rounded-xl border border-line bg-surface p-5 shadow-sm">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">{due ? `Pay ${due}` : "Make a payment"}</h1>
        {page.description ? <p className="text-ink-muted">{page.description}</p> : null}
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {customer ? (
        <p>
          The payment prompt goes to <strong>{formatPhone(customer.phoneNumber)}</strong> ({providerLabel(customer.provider)}). Not your
          number? Ask the business for a new link.
        </p>
      ) : (
        <>
          <Field id="pay-phone" label="Your mobile money number" error={fields.phoneNumber}>
            {(control) => (
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="024 123 4567"
                className={inputClass}
                value={phoneNumber}
                onChange={(e) => setPhoneNumber(e.target.value)}
              />
            )}
          </Field>
          <Field
            id="pay-network"
            label="Network"
            hint="Found from your number; change it if your number moved networks."
            error={fields.provider}
          >
            {(control) => (
              <select {...control} className={inputClass} value={provider} onChange={(e) => setChosen(e.target.value)}>
                <option value="">Choose your network</option>
                {PROVIDERS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
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
          error={fields.amount}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              className={inputClass}
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <Button type="submit" className="w-full text-base" aria-disabled={posting || undefined}>
        {posting ? "Sending the prompt…" : due ? `Pay ${due}` : "Pay"}
      </Button>
      <p className="text-xs text-ink-muted">
        You approve the payment on your phone with your mobile money PIN. Nobody from {page.business.name || "the business"} will ask you
        for it.
      </p>
    </form>
  );
}
