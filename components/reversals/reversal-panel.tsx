// An owner's or support's record of money given back on a successful charge (a network reversal,
// cash at the counter). Nothing is sent upstream. The form (./reversal-form.tsx) waits behind
// "Record a reversal…", a native disclosure, so the charge's page does not open on it.
import { Card } from "@/components/ui/card";
import type { ChargePageView } from "@/lib/charge-page/types";
import { formatMoney } from "@/lib/money";
import { ReversalForm } from "./reversal-form";

export function ReversalPanel({ view: v }: { view: ChargePageView }) {
  const { currency, amountMinor, reversedMinor } = v.charge;
  const left = amountMinor - reversedMinor;
  return (
    <Card>
      <h2 id="reversals" className="text-lg font-semibold">
        Reversals
      </h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="reversal-summary">
        {reversedMinor > 0
          ? `${formatMoney(reversedMinor, currency)} of ${formatMoney(amountMinor, currency)} given back; ${formatMoney(left, currency)} left.`
          : "Record money given back to the customer outside the upstream (it has no refund call): nothing is sent to the network."}
      </p>
      {left > 0 ? (
        <details open={v.reverse.open} data-reversal className="group mt-3">
          <summary
            className={
              "inline-flex min-h-11 cursor-pointer list-none items-center justify-center rounded-lg border border-line bg-surface px-4 py-2 " +
              "text-sm font-semibold text-ink hover:bg-canvas group-open:hidden [&::-webkit-details-marker]:hidden"
            }
          >
            Record a reversal…
          </summary>
          <ReversalForm view={v} />
        </details>
      ) : null}
    </Card>
  );
}
