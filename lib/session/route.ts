// The request pipeline (lib/http/route.ts) with the session's gate in it: the one way every route
// handler is written.
//   route(permission, spec, (ctx) => …)   a member with `permission` (null: any member)
//   publicRoute(spec, (ctx) => …)         anyone (sign-in, first-run set-up, accepting an invite)
// ctx adds to the pipeline's: `member`, their `session`, `upstream()` (the configured upstream and
// its outbound budget, made when first asked for) and `signIn()` — what signing in,
// re-authenticating and two-factor need (the database, Better Auth, the sign-in throttle).
import "server-only";
import { type BaseCtx, pipeline } from "@/lib/http/route";
import type { Permission } from "@/lib/access";
import type { Member } from "@/lib/access/types";
import type { SignInDeps } from "@/lib/auth";
import { getAuth, getSignInThrottle } from "./auth";
import { freshnessRefusal } from "./fresh";
import { assertEnrolled, requireMember, sessionOf } from "./guards";
import { sessionPolicy } from "./policy";
import type { SessionInfo } from "./sessions";
import { upstream, type Upstream } from "@/lib/momo/upstream";

/** What sign-in, re-authentication and two-factor take (WithSignIn): the database, Better Auth and the throttle. */
function authDeps(base: BaseCtx): () => Promise<SignInDeps> {
  return async () => ({ db: base.db, auth: await getAuth(), throttle: await getSignInThrottle() });
}

export type MemberCtx = { member: Member; session: SessionInfo; upstream: () => Upstream; signIn: () => Promise<SignInDeps> };

export const route = pipeline<Permission | null, MemberCtx>(async (base, permission, spec) => {
  const member = await requireMember(base.req.headers, permission);
  if (!spec.enrolment) await assertEnrolled(member);
  const session = sessionOf(base.req.headers);
  const stale = spec.fresh ? freshnessRefusal(base.req, session, sessionPolicy()) : null;
  return stale ?? { member, session, upstream: () => upstream(base.db), signIn: authDeps(base) };
});

const anyone = pipeline<null, { upstream: () => Upstream; signIn: () => Promise<SignInDeps> }>(async (base) => ({
  upstream: () => upstream(base.db),
  signIn: authDeps(base),
}));

/** For the few handlers anyone may call: origin check, parsing and errors, no member. */
export const publicRoute: <B = undefined, Q = undefined, P = Record<string, string>>(
  spec: Parameters<typeof anyone<B, Q, P>>[1],
  handler: Parameters<typeof anyone<B, Q, P>>[2],
) => ReturnType<typeof anyone<B, Q, P>> = (spec, handler) => anyone(null, spec, handler);
