// Who asks: the member a guard lets in and what every use case takes first. Types only, safe for
// the browser.
import type { Db } from "@/lib/db/open";
import type { Caller } from "@/lib/http/route";
import type { Upstream } from "@/lib/momo/upstream";
import type { Role } from "./roles";

/** The signed-in member, as the guards hand them to handlers and pages. */
export type Member = { id: string; email: string; name: string; role: Role };

/**
 * Who asks, the database they ask through, the configured upstream (made when first asked for)
 * and where the request came from (the audit log's address, the auth library's cookies): what
 * every use case takes first, `useCase(asker, input)`. A route handler's ctx
 * (lib/session/route.ts) and a page's (requirePage, lib/session/guards.ts) are both one.
 */
export type Asker = { db: Db; member: Member; upstream: () => Upstream; caller: Caller };

/** The part of an Asker a read of one's own needs (the layout, which has no more, asks too). */
export type Reader = { db: Db; member: Pick<Member, "id" | "role"> };

/** The same for the few use cases anyone may start (paying a link, resetting a password). */
export type Visitor = Omit<Asker, "member">;
