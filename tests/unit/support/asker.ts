// An Asker as a route's ctx hands it to a use case: who asks, the database, the upstream (one that
// throws if the test gave none and the use case asks for it) and where the request came from. A
// Visitor the same without anyone signed in, as a public route's ctx.
import type { Asker, Member, Visitor } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import type { Upstream } from "@/lib/momo/upstream";

const noUpstream = (): Upstream => {
  throw new Error("this test gave no upstream, and the use case asked for one");
};

export function askerOf(db: Db, member: Member, opts: { upstream?: () => Upstream; ip?: string | null } = {}): Asker {
  return { member, ...visitorOf(db, opts) };
}

export function visitorOf(db: Db, opts: { upstream?: () => Upstream; ip?: string | null; headers?: Headers } = {}): Visitor {
  const ip = opts.ip === undefined ? "203.0.113.7" : opts.ip;
  return { db, upstream: opts.upstream ?? noUpstream, caller: { headers: opts.headers ?? new Headers(), ip } };
}
