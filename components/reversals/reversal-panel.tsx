"use client";
// An owner's or support's record of money given back on a successful charge (a network reversal,
// cash at the counter). Nothing is sent upstream. The form (./reversal-form.tsx) waits behind
// "Record a reversal" and is loaded then, so the charge's page neither opens on it nor carries it.
import { lazy, Suspense, useState } from "react";
import { formatMoney } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

const ReversalForm = lazy(() => import("./reversal-form"));

type Props = { chargeId: string; currency: string; amountMinor: number; reversedMinor: number };

export function ReversalPanel(props: Props) {
  const { currency, amountMinor, reversedMinor } = props;
  const left = amountMinor - reversedMinor;
  const [open, setOpen] = useState(false);
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
        <Suspense fallback={<p className="mt-4 text-sm text-ink-muted">Opening the form…</p>}>
          <ReversalForm {...props} />
        </Suspense>
      ) : null}
    </Card>
  );
}
