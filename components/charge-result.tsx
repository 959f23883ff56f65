"use client";
// The result of one charge. While it is pending (or still being submitted) it asks the server
// every two seconds; the server asks the upstream's status lookup, and the view settles itself.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";
import type { ChargeView } from "@/lib/charges/view";
import { fetchJson } from "@/lib/fetch-json";
import { providerLabel } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { formatPhone } from "@/lib/market/networks";
import { useFocusWhenJustCharged } from "./charge-result-focus";
import { StatusBadge } from "./status-badge";
import { Card } from "./ui/card";
import { DateTime } from "./time-zone";

const POLL_MS = 2_000;
const LIVE = new Set<ChargeView["status"]>(["pending", "submitting"]);

const HEADLINE: Record<ChargeView["status"], string> = {
  submitting: "Sending the charge…",
  success: "Charge successful",
  pending: "Waiting for the customer to approve",
  failed: "Charge failed",
  unknown: "Outcome unknown",
};

export function ChargeResult({ initial, canCharge }: { initial: ChargeView; canCharge: boolean }) {
  const query = useQuery({
    queryKey: ["charge", initial.id],
    queryFn: () => fetchJson<{ charge: ChargeView }>(`/api/charges/${initial.id}`).then((r) => r.charge),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && LIVE.has(q.state.data.status) ? POLL_MS : false),
  });
  const c = query.data;
  // A newer row from the server (after a hand resolution, say) replaces the cached one.
  const client = useQueryClient();
  useEffect(() => {
    const cached = client.getQueryData<ChargeView>(["charge", initial.id]);
    if (!cached || cached.updatedAt < initial.updatedAt) client.setQueryData(["charge", initial.id], initial);
  }, [client, initial]);
  // When the status moves, the server-rendered parts (timeline, reconcile tools) follow.
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenJustCharged(initial.id, heading);
  const shown = useRef(initial.status);
  useEffect(() => {
    if (c.status !== shown.current) {
      shown.current = c.status;
      router.refresh();
    }
  }, [c.status, router]);

  return (
    <div className="space-y-4">
      <Card>
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm text-ink-muted">{formatMoney(c.amountMinor, c.currency)}</p>
            <h1
              ref={heading}
              tabIndex={-1}
              className="mt-1 text-xl font-semibold outline-none"
              aria-live="polite"
              data-testid="result-headline"
            >
              {HEADLINE[c.status]}
            </h1>
          </div>
          <StatusBadge status={c.status} />
        </div>

        {LIVE.has(c.status) ? (
          <p role="status" className="mt-4 flex items-center gap-2 rounded-lg bg-status-pending-bg px-3 py-2 text-sm text-status-pending">
            <span aria-hidden className="h-3 w-3 animate-pulse rounded-full bg-status-pending" />
            {c.status === "pending"
              ? "A prompt is on the customer's phone. This page updates by itself."
              : "Waiting for the upstream's answer…"}
          </p>
        ) : null}

        {c.status === "unknown" ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-status-unknown/30 bg-status-unknown-bg px-4 py-3 text-sm text-status-unknown"
          >
            <p className="font-semibold">The money may have moved.</p>
            <p className="mt-1">
              We could not confirm whether the customer was charged. Do not simply charge again: that could take the money twice. Support
              will reconcile this charge with the upstream; check the customer&apos;s wallet or the reference before doing anything else.
            </p>
          </div>
        ) : null}

        {c.message ? (
          <p className="mt-4 text-sm" data-testid="upstream-message">
            <span className="text-ink-muted">Upstream says: </span>
            {c.message}
          </p>
        ) : null}

        <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 border-t border-line pt-5 text-sm sm:grid-cols-2">
          <Item label="Amount">{formatMoney(c.amountMinor, c.currency)}</Item>
          <Item label="Phone number">{formatPhone(c.phoneNumber)}</Item>
          <Item label="Network">{providerLabel(c.provider)}</Item>
          <Item label="Reference">
            <span className="font-mono" data-testid="reference">
              {c.reference ?? "—"}
            </span>
          </Item>
          <Item label="Created">
            <DateTime iso={c.createdAt} />
          </Item>
          <Item label={c.status === "failed" ? "Failed" : "Settled"}>{c.settledAt ? <DateTime iso={c.settledAt} /> : "—"}</Item>
          <Item label="Made by">{c.createdBy ? `${c.createdBy.name} (${c.createdBy.email})` : "—"}</Item>
          {c.description ? <Item label="Description">{c.description}</Item> : null}
        </dl>
        {query.isError ? (
          <p role="alert" className="mt-4 text-sm text-status-failed">
            Could not refresh this charge: {query.error.message} Retrying…
          </p>
        ) : null}
      </Card>
      <div className="flex flex-wrap gap-3 text-sm">
        {canCharge ? (
          <Link href="/charges/new" className="font-medium text-brand-700 underline">
            New charge
          </Link>
        ) : null}
        <Link href="/transactions" className="font-medium text-brand-700 underline">
          Recent charges
        </Link>
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
