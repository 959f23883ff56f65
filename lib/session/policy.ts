// How long a session may sit unused, how often its last-seen time is written, and how long a
// proof of identity (password or code) counts as recent. Read from the environment once per
// call (cheap: env() is parsed once); tests pass their own policy.
import "server-only";
import { env } from "@/lib/env";

export type SessionPolicy = { idleMs: number; touchMs: number; proofMs: number };

/** The last-seen time is written at most once a minute, and at least ten times per idle period. */
const TOUCH_MAX_MS = 60_000;

export function policyOf(idleMinutes: number, proofMinutes: number): SessionPolicy {
  const idleMs = Math.round(idleMinutes * 60_000);
  return { idleMs, touchMs: Math.min(TOUCH_MAX_MS, Math.floor(idleMs / 10)), proofMs: Math.round(proofMinutes * 60_000) };
}

export function sessionPolicy(): SessionPolicy {
  const e = env();
  return policyOf(e.SESSION_IDLE_MINUTES, e.REAUTH_MINUTES);
}
