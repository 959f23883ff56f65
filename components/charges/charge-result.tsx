// The result of one charge, as server HTML (components/charge-page/ places it on a charge's
// page). While it is open, the page's script (components/charge-page/charge-script.ts) keeps it
// current; its message says whose words it is (./charge-message) and, while open, what the
// charge is waiting for (./open-charge-notice).
import { TextLink } from "@/components/ui/link";
import type { ReactNode } from "react";
import type { ChargeView, ResolutionView } from "@/lib/charges/view";
import { providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { PhoneNumber } from "./phone-number";
import { ChargeMessage } from "./charge-message";
import { OpenChargeNotice } from "./open-charge-notice";
import { ReversalBadge } from "@/components/reversals/reversal-badge";
import { StatusBadge } from "./status-badge";
import { Card } from "@/components/ui/card";
import { EmptyValue } from "@/components/ui/empty-value";
import { DateTime } from "@/components/ui/time-zone";

const HEADLINE: Record<ChargeView["status"], string> = {
  submitting: "Sending the charge…",
  success: "Charge successful",
  pending: "Waiting for the customer to approve",
  failed: "Charge failed",
  unknown: "Outcome unknown",
};

/** The id of the result's heading, which the page's script focuses after the charge form led here. */
export const RESULT_HEADLINE_ID = "result-headline";

type Props = {
  charge: ChargeView;
  canCharge: boolean;
  canReconcile: boolean;
  /** Support and owners see the technical detail of the outcome (the network's words, codes). */
  technical: boolean;
  /** RECONCILE_PENDING_MINUTES: after this long a pending charge waits for reconciliation. */
  pendingMinutes: number;
  /** Whether it is past that now, as the server sees it (the script follows the clock after). */
  overdue: boolean;
  resolution: ResolutionView | null;
  /** The page's own address: "Check again" without the script. */
  self: string;
};

export function ChargeResult({ charge: c, canCharge, canReconcile, technical, pendingMinutes, overdue, resolution, self }: Props) {
  const open = c.status === "pending" || c.status === "submitting";
  return (
    <div className="space-y-4">
      <Card>
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm text-ink-muted">{formatMoney(c.amountMinor, c.currency)}</p>
            <h1
              id={RESULT_HEADLINE_ID}
              tabIndex={-1}
              className="mt-1 text-xl font-semibold outline-none"
              aria-live="polite"
              data-testid="result-headline"
            >
              {HEADLINE[c.status]}
            </h1>
          </div>
          <div className="flex flex-col items-end gap-1">
            <StatusBadge status={c.status} />
            <ReversalBadge charge={c} />
          </div>
        </div>

        {open ? (
          <OpenChargeNotice
            status={c.status}
            overdue={overdue}
            createdAt={c.createdAt}
            pendingMinutes={pendingMinutes}
            canReconcile={canReconcile}
            self={self}
          />
        ) : null}

        {c.status === "unknown" ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-status-unknown/30 bg-status-unknown-bg px-4 py-3 text-sm text-status-unknown"
          >
            <p className="font-semibold">The money may have moved.</p>
            <p className="mt-1">
              We could not confirm whether the customer was charged. Do not simply charge again: that could take the money twice. Support
              will check this charge with the mobile money service; check the customer&apos;s wallet or the reference before doing anything
              else.
            </p>
          </div>
        ) : null}

        <ChargeMessage charge={c} resolution={resolution} technical={technical} />

        <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 border-t border-line pt-5 text-sm sm:grid-cols-2">
          <Item label="Amount">{formatMoney(c.amountMinor, c.currency)}</Item>
          {c.reversedMinor > 0 ? (
            <Item label="Reversed">
              <span data-testid="reversed-amount">
                {formatMoney(c.reversedMinor, c.currency)} given back · {formatMoney(c.amountMinor - c.reversedMinor, c.currency)} left
              </span>
            </Item>
          ) : null}
          <Item label="Phone number">
            <PhoneNumber charge={c} />
          </Item>
          <Item label="Network">{providerLabel(c.provider)}</Item>
          <Item label="Reference">
            <span className="font-mono" data-testid="reference">
              {c.reference ?? <EmptyValue />}
            </span>
          </Item>
          <Item label="Created">
            <DateTime iso={c.createdAt} />
          </Item>
          <Item label={c.status === "failed" ? "Failed" : "Settled"}>{c.settledAt ? <DateTime iso={c.settledAt} /> : <EmptyValue />}</Item>
          <Item label="Made by">
            {c.createdBy ? `${c.createdBy.name} (${c.createdBy.email})` : c.payLink ? "The customer, from a pay link" : <EmptyValue />}
          </Item>
          {c.description ? <Item label="Description">{c.description}</Item> : null}
        </dl>
        {c.redactedAt ? (
          <p className="mt-4 text-sm text-ink-muted" data-testid="redacted-note">
            The phone number and description were removed by the data retention policy on <DateTime iso={c.redactedAt} />; amount, status
            and reference are kept.
          </p>
        ) : null}
        {/* The script's words when it could not ask (./open-charge-notice.tsx's watch). */}
        <p role="alert" className="mt-4 text-sm text-status-failed empty:hidden" data-charge-refresh-error />
      </Card>
      <div className="flex flex-wrap gap-3 text-sm">
        {canCharge ? (
          <TextLink tap href="/charges/new">
            New charge
          </TextLink>
        ) : null}
        <TextLink tap href="/transactions">
          Recent charges
        </TextLink>
      </div>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}
