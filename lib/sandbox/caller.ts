// How the dashboard's own calls to its bundled sandbox tell themselves apart from anyone else
// holding the published test key. The sandbox counts the two in separate rate-limit buckets,
// so anonymous traffic cannot use up the dashboard's minute and earn it the 429 that pauses
// charging (lib/momo/budget.ts).
//
// The proof is a random token made once per process and kept on globalThis (docs/architecture.md,
// "Process-wide state"): the app calls its own sandbox in the same Node process, so the caller
// and the sandbox read the same token, and it never leaves the process except in that header.
// The client's configuration (lib/momo/config.ts) sends it only while the sandbox is the
// upstream (./bundled.ts), so it is never sent to a real one.
import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const SANDBOX_CALLER_HEADER = "X-Sandbox-Caller";

const KEY = Symbol.for("momo-dashboard.sandbox-caller");

/** This process's token (32 random bytes, base64url), made on first use. */
export function sandboxCallerToken(): string {
  const g = globalThis as { [KEY]?: string };
  g[KEY] ??= randomBytes(32).toString("base64url");
  return g[KEY];
}

/**
 * Whether the request carries this process's token. Compared as digests in constant time:
 * equal lengths for timingSafeEqual, and nothing learnt from how long a wrong guess took.
 */
export function isDashboardCaller(req: Request): boolean {
  const sent = req.headers.get(SANDBOX_CALLER_HEADER);
  if (!sent) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(sent), digest(sandboxCallerToken()));
}
