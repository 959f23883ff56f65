// What a charge's outcome means, in plain words for everyone (lib/charges/plain-words.ts); for
// support and owners, the technical detail behind a disclosure: the network's own words, the
// outcome code and the HTTP status. A charge resolved by hand shows the person's note instead.
import type { ChargeView, ResolutionView } from "@/lib/charges/view";
import { plainWords } from "@/lib/market/outcome-words";
import { ROLE_LABELS } from "@/lib/access/roles";
import { DateTime } from "@/components/ui/time-zone";

/** The upstream answered with an HTTP error, yet we keep the charge open: its words cannot settle it. */
function errorAnswerKeptOpen(c: ChargeView): boolean {
  return c.status === "unknown" && c.messageFrom === "upstream" && c.upstreamHttpStatus !== null && c.upstreamHttpStatus >= 300;
}

export function ChargeMessage({
  charge: c,
  resolution,
  technical,
}: {
  charge: ChargeView;
  resolution: ResolutionView | null;
  /** Support and owners: the technical detail, behind a disclosure. */
  technical: boolean;
}) {
  if (c.message && c.messageFrom === "person") {
    return (
      <div className="mt-4 rounded-lg bg-canvas px-3 py-2 text-sm" data-testid="charge-message">
        <p className="text-ink-muted">{resolution ? <NoteAuthor resolution={resolution} /> : "Resolved by hand:"}</p>
        <p className="mt-1 whitespace-pre-line">{resolution ? resolution.note : c.message}</p>
      </div>
    );
  }
  const words = plainWords(c);
  const detail = technical && (c.message || c.outcomeCode || c.upstreamHttpStatus !== null);
  if (!words && !detail) return null;
  return (
    <div className="mt-4 space-y-1 text-sm">
      {words ? <p data-testid="charge-message">{words}</p> : null}
      {detail ? (
        <details data-testid="charge-technical">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-link">Technical detail</summary>
          <div className="space-y-1 rounded-lg bg-canvas px-3 py-2">
            <dl className="space-y-1">
              {c.message ? (
                <div>
                  <dt className="text-ink-muted">
                    {c.messageFrom === "upstream" ? "The mobile money service said" : "Why, as the dashboard recorded it"}
                  </dt>
                  <dd className="break-words">{c.message}</dd>
                </div>
              ) : null}
              {c.outcomeCode ? (
                <div className="flex gap-2">
                  <dt className="text-ink-muted">Outcome code</dt>
                  <dd className="font-mono">{c.outcomeCode}</dd>
                </div>
              ) : null}
              {c.upstreamHttpStatus !== null ? (
                <div className="flex gap-2">
                  <dt className="text-ink-muted">HTTP status</dt>
                  <dd className="font-mono">{c.upstreamHttpStatus}</dd>
                </div>
              ) : null}
            </dl>
            {errorAnswerKeptOpen(c) ? (
              <p>An error answer does not prove the money did not move, so the charge stays Unknown until it is checked.</p>
            ) : null}
          </div>
        </details>
      ) : null}
    </div>
  );
}

function NoteAuthor({ resolution: r }: { resolution: ResolutionView }) {
  const who = r.by ? `${r.by.name}${r.by.role ? ` (${ROLE_LABELS[r.by.role]})` : ""}` : "a former member";
  return (
    <>
      Note from {who}, <DateTime iso={r.at} />:
    </>
  );
}
