// What happened to one charge, in order: who created it, when it went to the mobile money service,
// what it answered, every status check and every hand resolution, in plain words; for support and
// owners (lib/charges/views.ts gives them the raw answers), each exchange's technical detail —
// HTTP status, the service's words and its raw answer — behind a disclosure. Identical status
// checks in a row are one entry with their count and time range.
import { ROLE_LABELS } from "@/lib/access/roles";
import { collapseRepeatedChecks, type EventView, type TimelineEntry } from "@/lib/charges/view";
import { statusLabel } from "@/lib/market/statuses";
import { formatMoney } from "@/lib/money";
import { reversalMethodLabel } from "@/lib/reversals/shape";
import { Card } from "@/components/ui/card";
import { DateTime, TimeRange } from "@/components/ui/time-zone";

function title(e: EventView): string {
  switch (e.type) {
    case "created":
      return "Charge created";
    case "sent":
      return "Sent to the mobile money service";
    case "answered":
      return e.detail.httpStatus === null ? "No answer from the mobile money service" : "The mobile money service answered";
    case "status_checked":
      return e.detail.answered ? "Status checked with the mobile money service" : "Status check failed";
    case "interrupted":
      return "Marked unknown after an interruption";
    case "reconciled":
      return "Resolved by hand";
    case "reversed":
      return typeof e.detail.amountMinor === "number" && typeof e.detail.currency === "string"
        ? `Reversal recorded: ${formatMoney(e.detail.amountMinor, e.detail.currency)} given back`
        : "Reversal recorded";
  }
}

function who(actor: EventView["actor"]): string {
  return actor ? `${actor.name}${actor.role ? ` (${ROLE_LABELS[actor.role]})` : ""}` : "a former member";
}

function Entry({ e, technical }: { e: TimelineEntry; technical: boolean }) {
  const note = typeof e.detail.note === "string" ? e.detail.note : null;
  const message = typeof e.detail.message === "string" ? e.detail.message : null;
  return (
    <li data-testid="timeline-entry" className="relative pb-5 pl-6 last:pb-0">
      <span aria-hidden className="absolute left-0 top-1.5 h-2.5 w-2.5 rounded-full bg-brand-500" />
      <p className="text-sm font-medium">
        {title(e)}
        {e.repeats ? (
          <>
            <span aria-hidden> ×{e.repeats.count}</span>
            <span className="sr-only">, {e.repeats.count} times</span>
          </>
        ) : null}
        {e.status ? <span className="ml-2 text-xs font-normal text-ink-muted">→ {statusLabel(e.status)}</span> : null}
      </p>
      <p className="text-xs text-ink-muted">
        {e.repeats ? <TimeRange from={e.repeats.firstAt} to={e.at} /> : <DateTime iso={e.at} />}
        {e.actor
          ? ` · by ${e.actor.name}${e.actor.email ? ` (${e.actor.email})` : ""}`
          : e.type === "status_checked" || e.type === "interrupted"
            ? " · automatic"
            : ""}
        {typeof e.detail.durationMs === "number" ? ` · ${e.detail.durationMs} ms` : ""}
        {e.type === "reversed" && typeof e.detail.method === "string" ? ` · ${reversalMethodLabel(e.detail.method)}` : ""}
      </p>
      {note ? (
        <div className="mt-1 rounded bg-canvas px-2 py-1 text-sm">
          <p className="text-ink-muted">Note from {who(e.actor)}:</p>
          <p className="whitespace-pre-line">{note}</p>
        </div>
      ) : null}
      {technical && e.type !== "created" && (e.rawBody !== null || message || typeof e.detail.httpStatus === "number") ? (
        <Technical e={e} message={message} />
      ) : null}
    </li>
  );
}

/** An exchange's detail for support and owners: the HTTP status, the service's words, its raw answer. */
function Technical({ e, message }: { e: TimelineEntry; message: string | null }) {
  const http = typeof e.detail.httpStatus === "number" ? e.detail.httpStatus : null;
  return (
    <details className="mt-1 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-link">
        Technical detail{e.repeats ? " (the latest)" : ""}
      </summary>
      {http !== null ? <p className="text-ink-muted">HTTP {http}</p> : null}
      {message ? <p>{message}</p> : null}
      {e.rawBody !== null ? (
        <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded border border-line bg-canvas p-2 font-mono text-xs text-ink">
          {e.rawBody || "(empty body)"}
        </pre>
      ) : null}
    </details>
  );
}

/** "Sent" is the start of the exchange the answer closes: shown from the answer's own record. */
function withSends(events: EventView[]): EventView[] {
  return events.flatMap((e) =>
    e.type === "answered" && typeof e.detail.sentAt === "string"
      ? [{ ...e, id: -e.id, type: "sent" as const, status: null, at: e.detail.sentAt, detail: {}, rawBody: null }, e]
      : [e],
  );
}

/** `technical`: support and owners, who see each exchange's detail. */
export function ChargeTimeline({ events, technical }: { events: EventView[]; technical: boolean }) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Timeline</h2>
      <ol className="border-l border-line pl-0">
        {collapseRepeatedChecks(withSends(events)).map((e) => (
          <Entry key={e.id} e={e} technical={technical} />
        ))}
      </ol>
    </Card>
  );
}
