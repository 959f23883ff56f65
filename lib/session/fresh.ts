// Re-authentication for sensitive actions (team changes, ending others' sessions, exports): the
// session's provenAt — set when the member signed in, or last confirmed their password or code
// through POST /api/session/reauth — must be at most REAUTH_MINUTES old. guard(…, { fresh: true })
// calls freshnessRefusal; the browser's fetchJson opens the password dialog on its answer and
// retries once (components/ui/fetch-json.ts, components/session/reauth-dialog.tsx).
import type { SessionInfo } from "./sessions";
import type { SessionPolicy } from "./policy";

export const REAUTH_REQUIRED = "reauth_required";

/** Seconds the session's last proof still counts as recent (0 when stale). */
export function proofSecondsLeft(s: Pick<SessionInfo, "provenAt">, policy: SessionPolicy, now = new Date()): number {
  return Math.max(0, Math.floor((s.provenAt.getTime() + policy.proofMs - now.getTime()) / 1000));
}

export function isFresh(s: Pick<SessionInfo, "provenAt">, policy: SessionPolicy, now = new Date()): boolean {
  return now.getTime() - s.provenAt.getTime() <= policy.proofMs;
}

/**
 * null when the proof is recent; otherwise the answer: 403 reauth_required as JSON, or, for a
 * page navigation (a hand-typed or followed export link), a redirect to /reauth, which says why
 * and asks for the password, then returns to the same address.
 */
export function freshnessRefusal(req: Request, s: SessionInfo, policy: SessionPolicy, now = new Date()): Response | null {
  if (isFresh(s, policy, now)) return null;
  const navigation = req.method === "GET" && req.headers.get("sec-fetch-mode") === "navigate";
  if (navigation) {
    const url = new URL(req.url);
    return new Response(null, {
      status: 303,
      headers: { Location: `/reauth?next=${encodeURIComponent(url.pathname + url.search)}`, "Cache-Control": "no-store" },
    });
  }
  const minutes = Math.round((policy.proofMs / 60_000) * 10) / 10;
  return Response.json(
    {
      error: {
        code: REAUTH_REQUIRED,
        message: `Confirm your password to continue: this asks for it again when you last gave it more than ${minutes} ${minutes === 1 ? "minute" : "minutes"} ago.`,
      },
    },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}
