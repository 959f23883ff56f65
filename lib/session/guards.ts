// Who is asking, and may they? The one place every route handler and page calls.
//   route handlers: guard(permission, handler) → 403 cross-site, 401 anonymous, 403 wrong role
//   pages:          requirePage(permission, path) → /setup or /sign-in when anonymous, 403 page
//   both: a member whose role requires two-factor and who has not enrolled → 403
//   two_factor_enrolment_required, or the enrolment page (/two-factor)
import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import { handleApiError } from "@/lib/http/errors";
import { getAuth } from "./auth";
import { getDb } from "@/lib/db/client";
import { freshnessRefusal } from "./fresh";
import { hasMembers } from "@/lib/team/members";
import { can, isRole, type Permission } from "@/lib/team/roles";
import { sessionPolicy } from "./policy";
import { keepAlive, type SessionInfo } from "./sessions";
import { mustEnrol } from "@/lib/two-factor/policy";
import type { Member } from "@/lib/team/types";
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser sent from another site. Browsers always
 * send Origin (and Sec-Fetch-Site) on cross-site POSTs; a request with neither comes from a
 * non-browser client, which cannot ride on a member's cookies.
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = req.headers.get("origin");
  if (origin === null) return;
  let from: string;
  try {
    from = new URL(origin).origin;
  } catch {
    throw crossSite();
  }
  // Scheme, host and port must all match: https://host is another origin than http://host.
  // Behind a TLS proxy the request arrives as http; the proxy's X-Forwarded-Proto (or APP_URL)
  // says what the browser saw. A cross-site page cannot set that header on a member's request.
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || new URL(req.url).protocol.replace(/:$/, "");
  const host = req.headers.get("host");
  const own = [host ? `${proto}://${host}` : null, process.env.APP_URL ? new URL(process.env.APP_URL).origin : null];
  if (!own.includes(from)) throw crossSite();
}

function crossSite() {
  return new AppError("cross_origin", "Requests from other sites are refused.");
}

async function requireMember(h: Headers, permission: Permission | null): Promise<Member> {
  const member = await memberFromHeaders(h);
  if (!member) throw new AppError("unauthenticated", "Sign in to continue.");
  if (permission && !can(member.role, permission)) throw new AppError("forbidden", "Your role does not allow this.");
  return member;
}

type Context<P> = { params: Promise<P> };

/** The session of a request whose member a guard has found (never its token). */
export function sessionOf(h: Headers): SessionInfo {
  const info = sessions.get(h);
  if (!info) throw new Error("sessionOf: no member was found for these headers");
  return info;
}

/** A member whose role requires two-factor and who has not enrolled may only enrol or sign out. */
async function assertEnrolled(member: Member): Promise<void> {
  if (await mustStillEnrol(member)) {
    throw new AppError("two_factor_enrolment_required", "Your role requires two-factor sign-in. Set it up first.");
  }
}

/**
 * Wraps a route handler: same-origin check, session, role, two-factor enrolment, and one error
 * shape. `enrolment: true` lets a member who must still enrol through (enrolment, sign-out).
 * With `fresh: true`, a session whose last proof is older than REAUTH_MINUTES is refused (lib/session/fresh.ts).
 */
export function guard<P = Record<string, never>>(
  permission: Permission | null,
  handler: (req: Request, member: Member, params: P) => Promise<Response>,
  options: { fresh?: boolean; enrolment?: true } = {},
) {
  return async (req: Request, ctx: Context<P>): Promise<Response> => {
    try {
      assertSameOrigin(req);
      const member = await requireMember(req.headers, permission);
      if (!options.enrolment) await assertEnrolled(member);
      const stale = options.fresh ? freshnessRefusal(req, sessionOf(req.headers), sessionPolicy()) : null;
      if (stale) return stale;
      return await handler(req, member, await ctx.params);
    } catch (error) {
      return handleApiError(error);
    }
  };
}

/** For the few handlers anyone may call (sign-in, first-run set-up): origin check and errors only. */
export function openRoute<P = Record<string, never>>(handler: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, ctx: Context<P>): Promise<Response> => {
    try {
      assertSameOrigin(req);
      return await handler(req, await ctx.params);
    } catch (error) {
      return handleApiError(error);
    }
  };
}

/** The signed-in member for this render (one session lookup per request). */
export const currentMember = cache(async (): Promise<Member | null> => memberFromHeaders(await headers()));

/** The session of the member signed in on this request (for a page; route handlers use sessionOf). */
export async function currentSession(): Promise<SessionInfo | null> {
  return (await currentMember()) ? (sessions.get(await headers()) ?? null) : null;
}

export async function requirePage(permission: Permission, path: string): Promise<Member> {
  const member = await currentMember();
  if (!member) {
    if (!(await hasMembers(await getDb()))) redirect("/setup");
    const asked = (await headers()).get("x-requested-path");
    redirect(`/sign-in?next=${encodeURIComponent(asked?.startsWith(path) ? asked : path)}`);
  }
  if (await mustStillEnrol(member)) redirect("/two-factor");
  if (!can(member.role, permission)) forbidden();
  return member;
}

export function clientIp(h: Headers): string | null {
  // Behind a proxy, the proxy must set X-Forwarded-For (README, "Deploying").
  return h.get("x-forwarded-for")?.split(",")[0]?.trim() || h.get("x-real-ip") || null;
}
