// The shapes of members that pages and components show: types only, safe for the browser.
import type { Db } from "@/lib/db/open";
import type { Upstream } from "@/lib/momo/upstream";
import type { Role } from "./roles";

/** The signed-in member, as the guards hand them to handlers and pages. */
export type Member = { id: string; email: string; name: string; role: Role };

/**
 * Who asks, the database they ask through and the configured upstream (made when first asked
 * for): what a use case takes first. A route handler's ctx (lib/session/route.ts) and a page's
 * (requirePage, lib/session/guards.ts) are both one.
 */
export type Asker = { db: Db; member: Member; upstream: () => Upstream };

/** A member as the team page and the history's member filter list them. */
export type MemberRow = { id: string; name: string; email: string; role: Role; active: boolean; createdAt: string };

/** An invitation nobody has used yet, as the team page lists it. */
export type InviteRow = { id: string; name: string; email: string; role: Role; createdAt: string; expiresAt: string };
