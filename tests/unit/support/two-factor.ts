// Two-factor building blocks: a member enrolled through the real plugin (their authenticator
// computed with otpauth from the secret the plugin gave), a pending sign-in challenge, codes.
import * as OTPAuth from "otpauth";
import { vi } from "vitest";
import type { Auth } from "@/lib/auth/create-auth";
import type { Role } from "@/lib/access/roles";
import { signIn, type SignInDeps } from "@/lib/auth/sign-in";
import { verifySignInCode } from "@/lib/two-factor/sign-in";
import type { Member } from "@/lib/access/types";
import { cookieFrom, makeMember, PASSWORD, sessionCookie } from "./auth";
import { IP } from "./sign-in";
import { statusOfError } from "./auth";

/** The member's authenticator app: codes for now, or for the period before or after. */
export type App = { code: (offset?: number) => string; secret: string };

export function appFor(uri: string): App {
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  return {
    secret: totp.secret.base32,
    code: (offset = 0) => totp.generate({ timestamp: Date.now() + offset * 30_000 }),
  };
}

/** Seconds kept clear of a 30-second period's end, so a test's codes stay in the periods they were computed for. */
const EDGE_SECONDS = 8;

/**
 * A member with two-factor on: enrolled with a code, as the enrolment page does it. Enrolled at
 * least EDGE_SECONDS before the period ends, so a test that goes on with code(-1) or code(1) is
 * not undone by the clock turning to the next period between computing a code and checking it:
 * nearer the end, the test's clock (Date, for the test and the server code alike; it runs on) is
 * moved to the next period's start instead of waiting for it. worker-setup.ts puts it back after
 * the test.
 */
export async function enrolledMember(auth: Auth, email: string, role: Role): Promise<Member & { app: App; recovery: string[] }> {
  const intoPeriod = Date.now() % 30_000;
  if (intoPeriod > (30 - EDGE_SECONDS) * 1000) {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - intoPeriod + 30_000 + 250, shouldAdvanceTime: true });
  }
  const member = await makeMember(auth, email, role);
  const headers = await sessionCookie(auth, email);
  const started = await auth.api.enableTwoFactor({ body: { password: PASSWORD }, headers });
  if (!("totpURI" in started)) throw new Error("no TOTP URI");
  const app = appFor(started.totpURI);
  await auth.api.verifyTOTP({ body: { code: app.code() }, headers });
  return { ...member, app, recovery: started.backupCodes };
}

/** The password step: the Cookie header that carries the pending challenge. */
export async function challenge(deps: SignInDeps, email: string, ip: string | null = IP): Promise<Headers> {
  const { cookies, twoFactor } = await signIn(deps, { email, password: PASSWORD }, { headers: new Headers(), ip });
  if (!twoFactor) throw new Error("expected the code step");
  return cookieFrom(cookies);
}

/** The code step's HTTP status (200 when it signed in). */
export function codeStep(deps: SignInDeps, headers: Headers, code: string, recovery = false, ip: string | null = IP): Promise<number> {
  return verifySignInCode(deps, { code, recovery }, { headers, ip }).then(
    () => 200,
    (e: unknown) => statusOfError(e),
  );
}
