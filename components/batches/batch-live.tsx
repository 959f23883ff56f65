"use client";
// A batch as it runs: the progress bar and counts refresh every 2 seconds while rows are being
// sent; the actions the member may take (approve or reject, pause, resume, cancel) each ask first.
import { countOf } from "@/lib/format";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAction } from "@/components/ui/use-action";
import type { ReactNode } from "react";
import { useNavigation } from "@/components/ui/navigation";
import { useState } from "react";
import { BATCH_STATUS_LABELS, type BatchView, progressPercent } from "@/lib/batches/view";
import { fetchJson, sendJson, HttpError } from "@/components/ui/fetch-json";
import { formatMoney } from "@/lib/money";
import { DateTime } from "@/components/ui/time-zone";
import { Button } from "@/components/ui/button";
import { textLinkClass } from "@/components/ui/link-class";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { BatchStatusBadge } from "./batch-status-badge";
import { Card } from "@/components/ui/card";

const LIVE = new Set(["running", "paused"]);

export function BatchLive({ initial, duplicates }: { initial: BatchView; duplicates: number }) {
  const navigation = useNavigation();
  const client = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const key = batchKey(initial.id);
  const { data: batch = initial } = useQuery({
    queryKey: key,
    queryFn: () => fetchJson<{ batch: BatchView }>(`/api/batches/${initial.id}`).then((r) => r.batch),
    initialData: initial,
    refetchInterval: (q) => (LIVE.has(q.state.data?.status ?? "") ? 2_000 : false),
  });
  const act = useAction({
    send: ({ url, body }: { url: string; body: unknown }) => sendJson<{ batch: BatchView }>("POST", url, body),
    onSuccess: ({ batch: next }) => {
      setError(null);
      client.setQueryData(key, next);
      navigation.refresh();
    },
    onError: (e) => setError(e instanceof HttpError ? e.message : "That did not reach the server. Try again."),
  });
  const run = (url: string, body: unknown) => act.mutateAsync({ url, body }).catch(() => {});

  const c = batch.counts;
  const percent = progressPercent(c);
  const total = Object.entries(batch.totals)
    .map(([cur, m]) => formatMoney(m, cur))
    .join(" + ");

  /** Approve; with possible duplicates, either leave them out (`skip`) or charge them too. */
  const approve = async (skip: boolean) => {
    const charged = skip ? batch.rowCount - duplicates : batch.rowCount;
    await confirm({
      title: skip ? `Approve “${batch.label}” without the possible duplicates?` : `Approve “${batch.label}”?`,
      body: (
        <>
          {charged.toLocaleString("en")} {charged === 1 ? "customer is" : "customers are"} charged
          {skip ? "" : ` ${total} in all`}.
          {duplicates
            ? skip
              ? ` The ${duplicates} ${duplicates === 1 ? "row that repeats" : "rows that repeat"} a charge (listed on this page) ${duplicates === 1 ? "is" : "are"} not sent, and recorded as skipped by you.`
              : ` ${duplicates} ${duplicates === 1 ? "row repeats" : "rows repeat"} a charge (listed on this page): they are charged too.`
            : ""}
        </>
      ),
      confirmLabel: !duplicates ? "Approve and send" : skip ? "Approve, duplicates left out" : "Approve, duplicates included",
      tone: duplicates && !skip ? "danger" : "primary",
      onConfirm: () =>
        act.mutateAsync({
          url: `/api/batches/${batch.id}/decision`,
          body: { approve: true, ...(duplicates ? (skip ? { skipDuplicates: true } : { acknowledgeDuplicates: true }) : {}) },
        }),
    });
  };
  const reject = () =>
    confirm({
      title: `Reject “${batch.label}”?`,
      body: "No row is charged. The member who prepared it can prepare a new one.",
      confirmLabel: "Reject",
      tone: "danger",
      onConfirm: () => act.mutateAsync({ url: `/api/batches/${batch.id}/decision`, body: { approve: false } }),
    });
  const cancel = () =>
    confirm({
      title: `Cancel “${batch.label}”?`,
      body: <NotYetSent initial={batch} />,
      confirmLabel: "Cancel the batch",
      tone: "danger",
      onConfirm: () => act.mutateAsync({ url: `/api/batches/${batch.id}/control`, body: { action: "cancel" } }),
    });

  return (
    <Card aria-labelledby="batch-progress">
      {dialog}
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="batch-progress" className="text-lg font-semibold">
          Progress
        </h2>
        <BatchStatusBadge status={batch.status} />
      </div>
      {/* A <progress>, not a bar sized by a style attribute: the page's policy refuses inline styles. */}
      <progress
        aria-label="Rows sent"
        max={100}
        value={percent}
        aria-valuenow={percent}
        aria-valuetext={`${c.sent.toLocaleString("en")} of ${countOf(c.queued + c.sending + c.sent, "row")} sent`}
        className={[
          "mt-4 block h-3 w-full appearance-none overflow-hidden rounded-full bg-canvas",
          "[&::-webkit-progress-bar]:bg-canvas [&::-webkit-progress-value]:bg-brand-600 [&::-moz-progress-bar]:bg-brand-600",
        ].join(" ")}
      />
      <p className="mt-3 text-sm" data-testid="batch-sent">
        <strong className="tabular-nums">{c.sent.toLocaleString("en")}</strong> of {batch.rowCount.toLocaleString("en")} rows sent
      </p>
      {/* Each row is in exactly one box: the boxes add up to the batch's rows at every moment. */}
      <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-7" data-testid="batch-counts">
        {counters(c, batch.status).map(([label, n]) => (
          <div key={label} className="rounded-lg border border-line px-3 py-2">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{n.toLocaleString("en")}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-muted" aria-live="polite" data-testid="batch-state">
        {stateLine(batch)}
      </p>
      {batch.approvalBlocked ? <p className="mt-2 text-sm text-ink-muted">{batch.approvalBlocked}</p> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {batch.may.approve && duplicates ? (
          <>
            <Button type="button" onClick={() => approve(true)}>
              Approve without duplicates…
            </Button>
            <Button type="button" variant="secondary" onClick={() => approve(false)}>
              Approve all…
            </Button>
          </>
        ) : batch.may.approve ? (
          <Button type="button" onClick={() => approve(false)}>
            Approve…
          </Button>
        ) : null}
        {batch.may.reject ? (
          <Button type="button" variant="danger" onClick={reject}>
            Reject…
          </Button>
        ) : null}
        {batch.may.pause ? (
          <Button type="button" variant="secondary" onClick={() => run(`/api/batches/${batch.id}/control`, { action: "pause" })}>
            Pause
          </Button>
        ) : null}
        {batch.may.resume ? (
          <Button type="button" onClick={() => run(`/api/batches/${batch.id}/control`, { action: "resume" })}>
            Resume
          </Button>
        ) : null}
        {batch.may.cancel ? (
          <Button type="button" variant="danger" onClick={cancel}>
            Cancel…
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

const batchKey = (id: string) => ["batch", id];

/**
 * The cancel dialog's count, kept current while it is open: it reads the batch the progress
 * polls (no second poll), so the number it shows is the one the end's "Not sent" will have.
 */
function NotYetSent({ initial }: { initial: BatchView }) {
  const { data: batch = initial } = useQuery({ queryKey: batchKey(initial.id), queryFn: () => initial, enabled: false });
  const { queued, sending } = batch.counts;
  const waiting = !queued
    ? "No row is left waiting."
    : queued === 1
      ? "The row not yet sent is not charged."
      : `The ${countOf(queued, "row")} not yet sent are not charged.`;
  const kept = sending
    ? ` ${countOf(sending, "row")} already on ${sending === 1 ? "its" : "their"} way ${sending === 1 ? "keeps its" : "keep their"} outcome, as do rows sent.`
    : " Rows already sent keep their outcome.";
  return (
    <span data-testid="batch-cancel-count">
      {waiting}
      {kept}
    </span>
  );
}

/** The rows by where they are: waiting, on their way, sent (by outcome), not sent. */
function counters(c: BatchView["counts"], status: BatchView["status"]): [string, number][] {
  const stopped = status === "cancelled" || status === "rejected";
  return [
    ["Waiting", c.queued],
    ["On their way", c.sending],
    ["Succeeded", c.success],
    ["Pending", c.pending + c.submitting],
    ["Failed", c.failed],
    ["Unknown", c.unknown],
    ...(stopped || c.cancelled ? ([["Not sent", c.cancelled]] as [string, number][]) : []),
    ...(c.skipped ? ([["Skipped duplicates", c.skipped]] as [string, number][]) : []),
  ];
}

const rows = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "row" : "rows"}`;

/** What the batch is doing, and what a pause or the end leaves to know. */
function stateLine(batch: BatchView): ReactNode {
  const c = batch.counts;
  if (batch.status === "running" && batch.finishEstimate) {
    return (
      <>
        Estimated finish <DateTime iso={batch.finishEstimate} /> (at {batch.rowsPerMinute.toLocaleString("en")} rows a minute, the batches'
        share of the upstream's limit).
      </>
    );
  }
  if (batch.status === "paused") {
    const onTheirWay = c.sending
      ? ` ${rows(c.sending)} ${c.sending === 1 ? "was" : "were"} already on their way: their outcomes appear here.`
      : "";
    return `Paused: no other row is sent until it is resumed.${onTheirWay}`;
  }
  const open = c.pending + c.submitting + c.unknown;
  if (batch.status === "completed" && open) {
    return (
      <>
        Finished — {rows(open)} still {!c.unknown ? "pending" : c.pending + c.submitting ? "pending or unknown" : "unknown"} (see{" "}
        <a href="/reconcile" className={textLinkClass()}>
          Reconcile
        </a>
        ).
      </>
    );
  }
  return BATCH_STATUS_LABELS[batch.status];
}
