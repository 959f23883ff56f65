// Whose words the result view shows, and as whose: the upstream's own message, the dashboard's
// explanation when the upstream said nothing usable, or the note of the person who resolved it.
// When the upstream's words and our status disagree, it says which one we act on and why.
import type { ChargeView, ResolutionView } from "@/lib/charges/view";
import { ROLE_LABELS } from "@/lib/team/roles";
import { DateTime } from "@/components/ui/time-zone";

/** The upstream answered with an HTTP error, yet we keep the charge open: its words cannot settle it. */
function errorAnswerKeptOpen(c: ChargeView): boolean {
  return c.status === "unknown" && c.messageFrom === "upstream" && c.upstreamHttpStatus !== null && c.upstreamHttpStatus >= 300;
}

export function ChargeMessage({ charge: c, resolution }: { charge: ChargeView; resolution: ResolutionView | null }) {
  if (!c.message) return null;
  if (c.messageFrom === "person") {
    return (
      <div className="mt-4 rounded-lg bg-canvas px-3 py-2 text-sm" data-testid="charge-message">
        <p className="text-ink-muted">{resolution ? <NoteAuthor resolution={resolution} /> : "Resolved by hand:"}</p>
        <p className="mt-1 whitespace-pre-line">{resolution ? resolution.note : c.message}</p>
      </div>
    );
  }
  if (errorAnswerKeptOpen(c)) {
    return (
      <p className="mt-4 text-sm" data-testid="charge-message">
        The upstream answered with an error (HTTP {c.upstreamHttpStatus}) saying &ldquo;{c.message}&rdquo;, but an error answer does not
        prove the money did not move, so this charge is kept as Unknown until it is checked.
      </p>
    );
  }
  return (
    <p className="mt-4 text-sm" data-testid="charge-message">
      <span className="text-ink-muted">{c.messageFrom === "upstream" ? "Upstream says: " : "Why: "}</span>
      {c.message}
    </p>
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
