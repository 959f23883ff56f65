// The ways in, each ending signed in (or at the code step) with the page to go to: signing in,
// the code step of two-factor sign-in, first-run set-up, and accepting an invite.
import "server-only";
import { acceptInvite, setUpOwner } from "@/lib/team";
import { homeFor, isRole } from "@/lib/access";
import { mustEnrol, verifySignInCode } from "@/lib/two-factor";
import { rememberDevice } from "./devices";
import { type SignInDeps, signIn } from "@/lib/auth";

type Caller = { headers: Headers; ip: string | null };

/** An answer that signs in: the Set-Cookie headers to carry, and the JSON to send. */
export type SignedIn = { cookies: Headers; body: { home: string } | { twoFactor: true } };

const home = (role: string | null | undefined) => (isRole(role) ? homeFor(role) : "/");

/** A sign-in that ended with a session names the browser it came from (./devices.ts). */
async function withDevice(deps: SignInDeps, userId: string | null, caller: Caller, cookies: Headers): Promise<Headers> {
  if (userId) cookies.append("set-cookie", await rememberDevice(deps.db, userId, caller.headers));
  return cookies;
}

/** Where a member just signed in goes: two-factor set-up first when their role requires it and they have none. */
async function startPage(deps: SignInDeps, userId: string | null, role: string | null | undefined): Promise<string> {
  const enrol = userId && isRole(role) && (await mustEnrol(deps.db, { id: userId, role }));
  return enrol ? "/two-factor" : home(role);
}

/** Email and password: the code step next for a member with two-factor, else their home page. */
export async function passwordStep(deps: SignInDeps, creds: { email: string; password: string }, caller: Caller): Promise<SignedIn> {
  const { cookies, userId, role, twoFactor } = await signIn(deps, creds, caller);
  // The password was right; the code comes next (POST /api/session/two-factor).
  if (twoFactor) return { cookies, body: { twoFactor: true } };
  return { cookies: await withDevice(deps, userId, caller, cookies), body: { home: await startPage(deps, userId, role) } };
}

/** The authenticator's (or a recovery) code for the pending sign-in. */
export async function codeStep(deps: SignInDeps, input: { code: string; recovery?: boolean }, caller: Caller): Promise<SignedIn> {
  const { cookies, role, userId } = await verifySignInCode(deps, input, caller);
  return { cookies: await withDevice(deps, userId, caller, cookies), body: { home: home(role) } };
}

/** First run only: the owner account, signed in and sent to set up two-factor (their role requires it by default). */
export async function firstOwner(
  deps: SignInDeps,
  owner: { name: string; email: string; password: string },
  caller: Caller,
): Promise<SignedIn> {
  await setUpOwner(deps, owner);
  const { cookies, userId } = await signIn(deps, owner, caller);
  return { cookies: await withDevice(deps, userId, caller, cookies), body: { home: "/two-factor" } };
}

/** An open invite accepted: the member made with the password they chose, and signed in. */
export async function invitedMember(
  deps: SignInDeps,
  token: string,
  input: { name: string; password: string },
  caller: Caller,
): Promise<SignedIn> {
  const { email } = await acceptInvite(deps, token, input);
  const { cookies, userId, role } = await signIn(deps, { email, password: input.password }, caller);
  return { cookies: await withDevice(deps, userId, caller, cookies), body: { home: await startPage(deps, userId, role) } };
}
