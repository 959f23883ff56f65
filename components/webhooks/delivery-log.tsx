"use client";
// An endpoint's delivery log: every attempt, newest first, 25 at a time ("Show older" asks for the
// ones before the last shown). Each attempt says when (the business's time zone), which event,
// whether the endpoint took it, how long it took, why it failed and the first kB of the answer;
// the newest attempt of each delivery says where the delivery stands and offers Resend.
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { FormAlert } from "@/components/ui/form-alert";
import { DateTime } from "@/components/ui/time-zone";
import { useAction } from "@/components/ui/use-action";
import { groupDigits } from "@/lib/format";
import type { AttemptView, EndpointView } from "@/lib/webhooks/view";
import { AttemptBadge } from "./endpoint-status-badge";
import { type LogPage, logPage, type ResendResult, resendDelivery } from "./webhooks-api";

type Row = AttemptView & { newest: boolean };

const resultText = (r: ResendResult) =>
  `Resent: ${r.ok ? "delivered" : "failed"}${r.statusCode !== null ? ` (${r.statusCode})` : ""}${r.error ? `. ${r.error}` : "."}`;

export function DeliveryLog({ endpoint, initial }: { endpoint: EndpointView; initial: LogPage }) {
  const client = useQueryClient();
  const key = ["webhook", endpoint.id, "log"];
  const log = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => logPage(endpoint.id, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
  });
  const attempts = log.data.pages.flatMap((p) => p.attempts);
  // The endpoint (polled while deliveries wait) has seen a newer attempt than the log shows: reload it.
  const newestSeen = endpoint.lastAttempt?.at;
  const newestShown = attempts[0]?.at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when either moment changes, not on every render.
  useEffect(() => {
    if (newestSeen && newestSeen !== newestShown) void log.refetch();
  }, [newestSeen, newestShown]);

  const [results, setResults] = useState<Record<string, string>>({});
  const resend = useAction({
    send: (deliveryId: string) => resendDelivery(endpoint.id, deliveryId),
    onSuccess: (r, deliveryId) => {
      setResults((was) => ({ ...was, [deliveryId]: resultText(r) }));
      void client.invalidateQueries({ queryKey: ["webhook", endpoint.id] });
    },
    onError: (e, deliveryId) => setResults((was) => ({ ...was, [deliveryId]: `Could not resend: ${e.message}` })),
  });

  const [ids, deliveries] = [new Set<number>(), new Set<string>()];
  const rows: Row[] = [];
  for (const a of attempts) {
    if (ids.has(a.id)) continue; // a page refetched under a newer one
    ids.add(a.id);
    rows.push({ ...a, newest: !deliveries.has(a.deliveryId) });
    deliveries.add(a.deliveryId);
  }

  const columns: Column<Row>[] = [
    {
      header: "When",
      cell: (a) => (
        <>
          <DateTime iso={a.at} />
          {a.manual ? <span className="block text-xs text-ink-muted">Resent by hand</span> : null}
        </>
      ),
    },
    {
      header: "Event",
      className: "min-w-0",
      cell: (a) => (
        <>
          <span className="font-mono text-xs">{a.eventType}</span>
          <span className="block font-mono text-xs break-all text-ink-muted">{a.eventId}</span>
        </>
      ),
    },
    {
      header: "Result",
      testId: "attempt-result",
      cell: (a) => (
        <>
          <AttemptBadge ok={a.ok} statusCode={a.statusCode} />
          {a.error ? <span className="mt-1 block text-xs text-status-failed">{a.error}</span> : null}
        </>
      ),
    },
    { header: "Took", numeric: true, className: "whitespace-nowrap", cell: (a) => `${groupDigits(a.durationMs)} ms` },
    { header: "Answer", className: "min-w-0 sm:max-w-72", cell: (a) => <Answer body={a.responseBody} /> },
    {
      header: "Delivery",
      cell: (a) =>
        a.newest ? (
          <div className="space-y-2">
            <DeliveryState a={a} on={endpoint.status === "on"} />
            <Button
              type="button"
              variant="secondary"
              className="min-h-9 px-3 py-1"
              disabled={resend.isPending}
              onClick={() => resend.mutate(a.deliveryId)}
            >
              {resend.isPending && resend.variables === a.deliveryId ? "Resending…" : "Resend"}
              <span className="sr-only">
                {" "}
                {a.eventType} {a.eventId}
              </span>
            </Button>
            <p role="status" className="text-xs" data-testid="resend-result">
              {results[a.deliveryId] ?? ""}
            </p>
          </div>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="delivery-log" className="space-y-3">
      <div>
        <h2 id="delivery-log" className="text-lg font-semibold">
          Delivery log
        </h2>
        <p className="mt-1 text-sm text-ink-muted">Every attempt, newest first. Resend sends an event again now, whatever became of it.</p>
      </div>
      {rows.length ? (
        <DataTable rows={rows} columns={columns} caption="Delivery attempts, newest first" rowKey={(a) => a.id} rowTestId="attempt-row" />
      ) : (
        <Card>
          <p className="text-ink-muted">No deliveries yet: the events this endpoint listens for are sent as they happen.</p>
        </Card>
      )}
      {log.error ? <FormAlert>The log could not be loaded: {log.error.message}</FormAlert> : null}
      {log.hasNextPage ? (
        <Button type="button" variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? "Loading older attempts…" : "Show older"}
        </Button>
      ) : null}
    </section>
  );
}

/** Where the delivery stands; one that waits on an endpoint switched off waits for it to be on again. */
function DeliveryState({ a, on }: { a: AttemptView; on: boolean }) {
  if (a.deliveryState === "delivered") return <span className="block text-xs text-status-success">Delivered</span>;
  if (a.deliveryState === "failed") return <span className="block text-xs text-status-failed">Gave up</span>;
  if (!on) return <span className="block text-xs text-ink-muted">Waits until the endpoint is on</span>;
  return (
    <span className="block text-xs text-ink-muted">
      {a.nextAttemptAt ? (
        <>
          Next attempt <DateTime iso={a.nextAttemptAt} />
        </>
      ) : (
        "Waiting"
      )}
    </span>
  );
}

/** The first kB of the answer, folded away (it may be long, or a whole HTML page). */
function Answer({ body }: { body: string | null }) {
  if (body === null) return <span className="text-xs text-ink-muted">No answer</span>;
  if (body === "") return <span className="text-xs text-ink-muted">Empty answer</span>;
  return (
    <details>
      <summary className="tap cursor-pointer text-xs font-medium text-link">
        Answer ({groupDigits(new TextEncoder().encode(body).length)} bytes)
      </summary>
      <pre className="mt-1 whitespace-pre-wrap break-all rounded border border-line bg-canvas p-2 font-mono text-xs">{body}</pre>
    </details>
  );
}
