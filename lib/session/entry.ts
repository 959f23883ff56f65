// The ways in, each ending signed in (or at the code step) with the page to go to: signing in,
// the code step of two-factor sign-in, first-run set-up, and accepting an invite. Each takes the
// visitor (a public route's ctx) and asks it for Better Auth and the throttle.
import "server-only";
import type { Visitor } from "@/lib/access/types";
import { acceptInvite, setUpOwner } from "@/lib/team";
import { HOME, isRole } from "@/lib/access";
import { mustEnrol, verifySignInCode } from "@/lib/two-factor";
import { rememberDevice } from "./devices";
import { signIn, type WithSignIn } from "@/lib/auth";

/** An answer that signs in: the Set-Cookie headers to carry, and the JSON to send. */
export type SignedIn = { cookies: Headers; body: { home: string } | { twoFactor: true } };

/** A sign-in that ended with a session names the browser it came from (./devices.ts). */
async function withDevice({ db, caller }: Visitor, userId: string | null, cookies: Headers): Promise<Headers> {
  if (userId) cookies.append("set-cookie", await rememberDevice(db, userId, caller.headers));
  return cookies;
}

/** Where a member just signed in goes: two-factor set-up first when their role requires it and they have none. */
async function startPage({ db }: Visitor, userId: string | null, role: string | null | undefined): Promise<string> {
  const enrol = userId && isRole(role) && (await mustEnrol(db, { id: userId, role }));
  return enrol ? "/two-factor" : HOME;
}

/** Email and password: the code step next for a member with two-factor, else their home page. */
export async function passwordStep(visitor: Visitor & WithSignIn, creds: { email: string; password: string }): Promise<SignedIn> {
  const { cookies, userId, role, twoFactor } = await signIn(await visitor.signIn(), creds, visitor.caller);
  // The password was right; the code comes next (POST /api/session/two-factor).
  if (twoFactor) return { cookies, body: { twoFactor: true } };
  return { cookies: await withDevice(visitor, userId, cookies), body: { home: await startPage(visitor, userId, role) } };
}

/** The authenticator's (or a recovery) code for the pending sign-in. */
export async function codeStep(visitor: Visitor & WithSignIn, input: { code: string; recovery?: boolean }): Promise<SignedIn> {
  const { cookies, userId } = await verifySignInCode(await visitor.signIn(), input, visitor.caller);
  return { cookies: await withDevice(visitor, userId, cookies), body: { home: HOME } };
}

/** First run only: the owner account, signed in and sent to set up two-factor (their role requires it by default). */
export async function firstOwner(
  visitor: Visitor & WithSignIn,
  owner: { name: string; email: string; password: string },
): Promise<SignedIn> {
  await setUpOwner(visitor, owner);
  const { cookies, userId } = await signIn(await visitor.signIn(), owner, visitor.caller);
  return { cookies: await withDevice(visitor, userId, cookies), body: { home: "/two-factor" } };
}

/** An open invite accepted: the member made with the password they chose, and signed in. */
export async function invitedMember(
  visitor: Visitor & WithSignIn,
  token: string,
  input: { name: string; password: string },
): Promise<SignedIn> {
  const { email } = await acceptInvite(visitor, token, input);
  const { cookies, userId, role } = await signIn(await visitor.signIn(), { email, password: input.password }, visitor.caller);
  return { cookies: await withDevice(visitor, userId, cookies), body: { home: await startPage(visitor, userId, role) } };
}
