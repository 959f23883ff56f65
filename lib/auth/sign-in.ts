// Signing in and out through Better Auth, with the throttle in front and the audit log behind.
import type { Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { audit, type AuditEntry } from "@/lib/audit";
import { count } from "@/lib/metrics/registry";
import type { Asker } from "@/lib/access/types";
import type { Auth, WithAuth } from "./create-auth";
import type { Place, SignInThrottle } from "./throttle";

export type SignInDeps = { db: Db; auth: Auth; throttle: SignInThrottle; sleep?: (ms: number) => Promise<void> };

/**
 * What a use case that checks a password or a code (signing in, re-authenticating, two-factor)
 * takes with its Asker or Visitor (`Asker & WithSignIn`): WithAuth's Better Auth, with the
 * database and the sign-in throttle; a route's ctx.signIn() gives them.
 */
export type WithSignIn = { signIn: () => Promise<SignInDeps> };

export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m <= 1 ? "a minute" : `${m} minutes`;
}

/**
 * Returns the Set-Cookie headers of the new session and the member's role, or (twoFactor) of
 * the pending challenge when the member must give their code next. Failures are all "incorrect email or
 * password" (no hint whether the account exists), except a deactivated account, which is only
 * reported once the right password was given.
 */
export async function signIn(deps: SignInDeps, creds: { email: string; password: string }, req: { headers: Headers; ip: string | null }) {
  const { email } = creds;
  const place = await takeAttempt(
    deps,
    { email, ip: req.ip },
    {
      refused: (retryAfterSeconds) => ({ action: "sign_in_refused", actorEmail: email, ip: req.ip, detail: { retryAfterSeconds } }),
      say: "failed sign-ins",
    },
  );

  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password: creds.password, rememberMe: true },
      headers: req.headers,
      returnHeaders: true,
    });
    await deps.throttle.giveBack(email, req.ip, place);
    // The password was right, and the member has two-factor: no session yet, only the plugin's
    // signed two_factor cookie; the code step (lib/two-factor/sign-in.ts) finishes the sign-in.
    if ("twoFactorRedirect" in response) return { cookies: headers, userId: null, role: null, twoFactor: true };
    await audit(deps.db, { action: "sign_in", actor: { id: response.user.id, email }, ip: req.ip, detail: { method: "password" } });
    const role = (response.user as { role?: string | null }).role ?? null;
    return { cookies: headers, userId: response.user.id, role, twoFactor: false };
  } catch (error) {
    // Anything but Better Auth's refusal (the database down, say) leaves the place taken: we
    // do not know the password was wrong, but an attempt that errs must not be a free try.
    if (!isAuthRefusal(error)) throw error;
    const code = error.body?.code ?? String(error.status);
    await deps.throttle.recordFailure(email, req.ip, place);
    await audit(deps.db, { action: "sign_in_failed", actorEmail: email, ip: req.ip, detail: { reason: code } });
    if (code === "BANNED_USER") throw new AppError("deactivated", "This account has been deactivated. Ask an owner of your team.");
    throw new AppError("invalid_credentials", "The email or password is incorrect.");
  }
}

/**
 * Every check of a password or code starts here: the attempt takes its place on the throttle
 * (before anything is checked, throttle.ts says why). Refused, it is audited (`refused`, given the
 * seconds left) and answered 429 with Retry-After, `say` naming what there were too many of;
 * allowed, it waits the delay its place asks for and returns the place.
 */
export async function takeAttempt(
  deps: Pick<SignInDeps, "db" | "throttle" | "sleep">,
  who: { email: string; ip: string | null },
  refusal: { refused: (retryAfterSeconds: number) => AuditEntry; say: string; field?: string },
): Promise<Place> {
  const verdict = await deps.throttle.take(who.email, who.ip);
  if (!verdict.allowed) {
    count("signInThrottled", {});
    await audit(deps.db, refusal.refused(verdict.retryAfterSeconds));
    throw new AppError("too_many_attempts", `Too many ${refusal.say}. Try again in ${minutes(verdict.retryAfterSeconds)}.`, {
      fields: refusal.field ? { [refusal.field]: `Too many ${refusal.say}` } : undefined,
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  if (verdict.delayMs) await (deps.sleep ?? wait)(verdict.delayMs);
  return verdict.place;
}

/** Better Auth's APIError, recognised by shape: the class may exist twice in a bundled build. */
export function isAuthRefusal(error: unknown): error is { status: string | number; body?: { code?: string } } {
  return error instanceof Error && error.name === "APIError" && "status" in error;
}

/** Ends the session the request carries; returns the Set-Cookie headers that clear it. */
export async function signOut({ db, member, caller, signIn }: Asker & WithAuth): Promise<Headers> {
  const { auth } = await signIn();
  const { headers } = await auth.api.signOut({ headers: caller.headers, returnHeaders: true });
  await audit(db, { action: "sign_out", actor: member, ip: caller.ip });
  return headers;
}
