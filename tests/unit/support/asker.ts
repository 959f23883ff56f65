// An Asker as a route's ctx hands it to a use case: who asks, the database, the upstream (one that
// throws if the test gave none and the use case asks for it) and where the request came from. A
// Visitor the same without anyone signed in, as a public route's ctx.
import type { Asker, Member, Visitor } from "@/lib/access/types";
import type { Auth, SignInDeps, WithAuth, WithSignIn } from "@/lib/auth";
import type { Db } from "@/lib/db/open";
import type { Upstream } from "@/lib/momo/upstream";

const noUpstream = (): Upstream => {
  throw new Error("this test gave no upstream, and the use case asked for one");
};

type Opts = { upstream?: () => Upstream; ip?: string | null; headers?: Headers };

/** The same without a member, as a public route's ctx is one (paying a link, resetting a password). */
export function visitorOf(db: Db, opts: Opts = {}): Visitor {
  const ip = opts.ip === undefined ? "203.0.113.7" : opts.ip;
  return { db, upstream: opts.upstream ?? noUpstream, caller: { headers: opts.headers ?? new Headers(), ip } };
}

/** `headers`: the request's (a session's Cookie header, for what Better Auth checks). */
export function askerOf(db: Db, member: Member, opts: Opts = {}): Asker {
  return { ...visitorOf(db, opts), member };
}

/** The asker or visitor with this Better Auth, as a route's ctx.signIn() gives it. */
export function withAuth<A extends Visitor>(asker: A, auth: Auth): A & WithAuth {
  return { ...asker, signIn: async () => ({ auth }) };
}

/** The same with sign-in's deps (Better Auth, the throttle), as a route's ctx.signIn() gives them. */
export function withSignIn<A extends Visitor>(asker: A, deps: SignInDeps): A & WithSignIn {
  return { ...asker, signIn: async () => deps };
}
