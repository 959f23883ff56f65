// Where a customer's attempt stands, as the pay page shows it at `?attempt=<key>`: waiting for
// their approval (./pay-script.ts reloads the page when that changes; without a script, "Check
// again"), the receipt, failed (they may try again) or not known (they must not pay again).
import type { ReactNode } from "react";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import type { PayPageView } from "@/lib/payment-requests/view";

type AttemptPage = Extract<PayPageView, { state: "attempt" }>;

const CARD = "space-y-3 rounded-xl border border-line bg-surface p-5 shadow-sm";

export function Outcome({ page }: { page: AttemptPage }) {
  const { attempt, business } = page;
  const money = formatMoney(attempt.amountMinor, attempt.currency);
  const to = `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`;
  if (attempt.status === "success") return <Receipt page={page} />;
  if (attempt.status === "failed") {
    return (
      <section className={CARD}>
        <h1 className="text-xl font-semibold text-status-failed">The payment did not go through</h1>
        <p>No money was taken for this attempt of {money}.</p>
        {page.retry ? (
          <a
            href={`/pay/${page.token}`}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-base font-semibold text-white hover:bg-brand-700"
          >
            Try again
          </a>
        ) : null}
      </section>
    );
  }
  if (attempt.status === "unknown") {
    return (
      <section className={CARD}>
        <h1 className="text-xl font-semibold">We do not know yet whether this payment went through</h1>
        <p>
          <strong>Do not pay again.</strong> The payment of {money} from {to} may still arrive. {business.name || "The business"} will check
          with the network and confirm it.
        </p>
      </section>
    );
  }
  return (
    <section className={CARD}>
      <h1 className="text-xl font-semibold">Approve the prompt on your phone</h1>
      <p>
        A payment prompt for {money} is on its way to {to}. Enter your mobile money PIN on your phone to approve it.
      </p>
      <p className="flex items-center gap-2 text-sm text-status-pending" role="status">
        <span aria-hidden className="inline-block size-2 animate-pulse rounded-full bg-status-pending" />
        Waiting for your approval… This page updates by itself.
      </p>
      <noscript>
        <a href={`/pay/${page.token}?attempt=${encodeURIComponent(page.attemptKey)}`} className="font-medium text-link underline">
          Check again
        </a>
      </noscript>
    </section>
  );
}

function Receipt({ page }: { page: AttemptPage }) {
  const { attempt } = page;
  const when = new Date(attempt.settledAt ?? attempt.createdAt);
  const rows: [string, string][] = [
    ["Amount", formatMoney(attempt.amountMinor, attempt.currency)],
    ["Paid to", page.business.name || "—"],
    ...(page.description ? [["For", page.description] as [string, string]] : []),
    ["From", `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`],
    ["Reference", attempt.reference ?? "—"],
    ["Time", new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: page.timeZone }).format(when)],
  ];
  return (
    <section className="space-y-4 rounded-xl border border-line bg-surface p-5 shadow-sm">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-status-success">Payment received</h1>
        <p className="text-ink-muted">Thank you. Keep this receipt: bookmark this page, take a screenshot or print it.</p>
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
