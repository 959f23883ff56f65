// Where a customer's attempt stands, as the pay page shows it: waiting for their approval, the
// receipt, failed (they may try again) or not known (they must not pay again); and a closed
// link's page, unless this tab paid it (a reload after paying shows the receipt, not "paid").
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import type { PayAttemptView } from "@/lib/payment-requests/view";
import { useAttempt } from "./use-pay-attempt";

/** A closed link's page, unless this tab paid it: then its own outcome and receipt. */
export function StoredAttempt({ token, business, children }: { token: string; business: string; children: ReactNode }) {
  const { attempt, unreachable } = useAttempt(token);
  return attempt ? <Outcome attempt={attempt} business={business} unreachable={unreachable} /> : children;
}

/** Where the attempt stands: waiting for the customer's approval, paid (the receipt), failed, or not known. */
export function Outcome({
  attempt,
  business,
  description,
  unreachable,
  onRetry,
}: {
  attempt: PayAttemptView;
  business: string;
  description?: string;
  unreachable: boolean;
  onRetry?: () => void;
}) {
  const money = formatMoney(attempt.amountMinor, attempt.currency);
  const to = `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`;
  if (attempt.status === "success") return <Receipt attempt={attempt} business={business} description={description} />;
  return (
    <section className="space-y-3 rounded-xl border border-line bg-surface p-5 shadow-sm" aria-live="polite">
      {attempt.status === "failed" ? (
        <>
          <h1 className="text-xl font-semibold text-status-failed">The payment did not go through</h1>
          <p>No money was taken for this attempt of {money}.</p>
          {onRetry ? (
            <Button type="button" className="w-full" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </>
      ) : attempt.status === "unknown" ? (
        <>
          <h1 className="text-xl font-semibold">We do not know yet whether this payment went through</h1>
          <p>
            <strong>Do not pay again.</strong> The payment of {money} from {to} may still arrive. {business || "The business"} will check
            with the network and confirm it.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold">Approve the prompt on your phone</h1>
          <p>
            A payment prompt for {money} is on its way to {to}. Enter your mobile money PIN on your phone to approve it.
          </p>
          <p className="flex items-center gap-2 text-sm text-status-pending" role="status">
            <span aria-hidden className="inline-block size-2 animate-pulse rounded-full bg-status-pending" />
            Waiting for your approval… This page updates by itself.
          </p>
        </>
      )}
      {unreachable ? <p className="text-sm text-ink-muted">We cannot reach the server just now; still trying.</p> : null}
    </section>
  );
}

function Receipt({ attempt, business, description }: { attempt: PayAttemptView; business: string; description?: string }) {
  const when = new Date(attempt.settledAt ?? attempt.createdAt);
  const rows: [string, string][] = [
    ["Amount", formatMoney(attempt.amountMinor, attempt.currency)],
    ["Paid to", business || "—"],
    ...(description ? [["For", description] as [string, string]] : []),
    ["From", `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`],
    ["Reference", attempt.reference ?? "—"],
    ["Time", when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })],
  ];
  return (
    <section className="space-y-4 rounded-xl border border-line bg-surface p-5 shadow-sm" aria-live="polite">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-status-success">Payment received</h1>
        <p className="text-ink-muted">Thank you. Keep this receipt: take a screenshot or print this page.</p>
      </div>
      <dl className="divide-y divide-line text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-right font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A page's one message: why a link takes no payment, or that it does not exist. */
export function Notice({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h1 className="text-xl font-semibold">{title}</h1>
      {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      <p>{children}</p>
    </section>
  );
}
