// Who is asking, and may they? The one place every route handler and page calls.
//   route handlers: route(permission, …) (./route.ts) → 401 anonymous, 403 wrong role
//   pages:          requirePage(permission, path) → /setup or /sign-in when anonymous, 403 page
//   both: a member whose role requires two-factor and who has not enrolled → 403
//   two_factor_enrolment_required, or the enrolment page (/two-factor)
import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import { getAuth } from "./auth";
import { getDb } from "@/lib/db/client";
import { hasMembers } from "@/lib/team";
import { can, isRole, type Permission } from "@/lib/access";
import { sessionPolicy } from "./policy";
import { keepAlive, type SessionInfo } from "./sessions";
import { mustEnrol } from "@/lib/two-factor";
import type { Asker, Member } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { upstream } from "@/lib/momo/upstream";
import { clientIp } from "@/lib/http/origin";
import { isTheme, type Theme } from "@/lib/market/theme";

/** The session each request's member came from, for the fresh-proof check and the Sessions list. */
const sessions = new WeakMap<Headers, SessionInfo>();

async function memberFromHeaders(h: Headers): Promise<Member | null> {
  // No session cookie, no session: an anonymous request (the sign-in page) is not looked up.
  if (!getSessionCookie(h)) return null;
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: h });
  if (!session) return null;
  // The idle timeout: an unused session ends here, and the request is anonymous (lib/session/sessions.ts).
  const s = session.session as typeof session.session & { lastSeenAt: Date | string; provenAt: Date | string };
  const info = { id: s.id, lastSeenAt: new Date(s.lastSeenAt), provenAt: new Date(s.provenAt) };
  if (!(await keepAlive(await getDb(), info, sessionPolicy()))) return null;
  sessions.set(h, info);
  const user = session.user as typeof session.user & {
    role?: string | null;
    banned?: boolean | null;
    twoFactorEnabled?: boolean | null;
    theme?: string | null;
  };
  if (user.banned || !isRole(user.role)) return null;
  const member = { id: user.id, email: user.email, name: user.name, role: user.role };
  if (user.twoFactorEnabled === true) enrolled.add(member);
  themes.set(member, isTheme(user.theme) ? user.theme : "system");
  return member;
}

/** Each request's member's colour scheme, read with the session (the user row's theme). */
const themes = new WeakMap<Member, Theme>();

/** The member's colour scheme, as the session read it: no query of its own. */
export function themeOfMember(member: Member): Theme {
  return themes.get(member) ?? "system";
}

/**
 * Members of this request whose user row (read with the session, in this request) says
 * two-factor is on: they need no enrolment, so the policy is not read for them — one query less
 * per request for every owner and support member under the default policy.
 */
const enrolled = new WeakSet<Member>();

/** True when the member's role requires two-factor and they have not enrolled (lib/two-factor/policy.ts). */
export async function mustStillEnrol(member: Member): Promise<boolean> {
  return !enrolled.has(member) && (await mustEnrol(await getDb(), member));
}

export async function requireMember(h: Headers, permission: Permission | null): Promise<Member> {
  const member = await memberFromHeaders(h);
  if (!member) throw new AppError("unauthenticated", "Sign in to continue.");
  if (permission && !can(member.role, permission)) throw new AppError("forbidden", "Your role does not allow this.");
  return member;
}

/** The session of a request whose member a guard has found (never its token): a route's, or a page's (lib/session/profile-view.ts). */
export function sessionOf(h: Headers): SessionInfo {
  const info = sessions.get(h);
  if (!info) throw new Error("sessionOf: no member was found for these headers");
  return info;
}

/** A member whose role requires two-factor and who has not enrolled may only enrol or sign out. */
export async function assertEnrolled(member: Member): Promise<void> {
  if (await mustStillEnrol(member)) {
    throw new AppError("two_factor_enrolment_required", "Your role requires two-factor sign-in. Set it up first.");
  }
}

/** The signed-in member for this render (one session lookup per request). */
export const currentMember = cache(async (): Promise<Member | null> => memberFromHeaders(await headers()));

/** Where a page's gate sends its request: on to the page with its context, or elsewhere. */
export type PageGate = { kind: "open"; ctx: Asker } | { kind: "redirect"; to: string } | { kind: "forbidden" };

/**
 * A page's gate, from the request's headers alone (an App Router page's through requirePage, a
 * Pages Router page's through lib/layout/staff-page.ts): anonymous → /setup while there is no
 * team, else /sign-in with the page asked for; a member who must enrol → /two-factor; a role
 * without `permission` → forbidden; else the page's context, as a route handler's ctx has it.
 */
export async function pageGate(h: Headers, permission: Permission, path: string, member?: Member | null): Promise<PageGate> {
  const who = member === undefined ? await memberFromHeaders(h) : member;
  const db = await getDb();
  if (!who) {
    if (!(await hasMembers(db))) return { kind: "redirect", to: "/setup" };
    const asked = h.get("x-requested-path");
    return { kind: "redirect", to: `/sign-in?next=${encodeURIComponent(asked?.startsWith(path) ? asked : path)}` };
  }
  if (await mustStillEnrol(who)) return { kind: "redirect", to: "/two-factor" };
  if (!can(who.role, permission)) return { kind: "forbidden" };
  return { kind: "open", ctx: { member: who, db, upstream: () => upstream(db), caller: { headers: h, ip: clientIp(h) } } };
}

/** The member of a request's headers, for a page outside the App Router (lib/layout/staff-page.ts). */
export const memberOfRequest = memberFromHeaders;

/**
 * A page's gate and context: the member (or a redirect to sign in, set up or enrol, or the 403
 * page), the database and the upstream, as a route handler's ctx has them (lib/session/route.ts).
 */
export async function requirePage(permission: Permission, path: string): Promise<Asker> {
  const gate = await pageGate(await headers(), permission, path, await currentMember());
  if (gate.kind === "redirect") redirect(gate.to);
  if (gate.kind === "forbidden") forbidden();
  return gate.ctx;
}

/** The database for a page anyone may see (sign-in, first-run set-up, an invite's page). */
export const publicPage = cache(async (): Promise<{ db: Db }> => ({ db: await getDb() }));
