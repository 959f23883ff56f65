// POST   /api/session – sign in with email and password (throttled, audit-logged); a member with
//                       two-factor gets { twoFactor: true } and gives their code next
// DELETE /api/session – sign out
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, guard, openRoute } from "@/lib/session/guards";
import { homeFor, isRole } from "@/lib/team/roles";
import { signInSchema } from "@/lib/team/schema";
import { signIn, signOut } from "@/lib/session/sign-in";
import { mustEnrol } from "@/lib/two-factor/policy";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = openRoute(async (req) => {
  const creds = signInSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  const { cookies, userId, role, twoFactor } = await signIn(deps, creds, { headers: req.headers, ip: clientIp(req.headers) });
  // The password was right; the code comes next (POST /api/session/two-factor).
  if (twoFactor) return withCookies(Response.json({ twoFactor: true }), cookies);
  // A member whose role requires two-factor and who has none yet goes to set it up first.
  const enrol = userId && isRole(role) && (await mustEnrol(deps.db, { id: userId, role }));
  return withCookies(Response.json({ home: enrol ? "/two-factor" : isRole(role) ? homeFor(role) : "/" }), cookies);
});

export const DELETE = guard(
  null,
  async (req, member) => {
    const cookies = await signOut({ db: await getDb(), auth: await getAuth() }, member, {
      headers: req.headers,
      ip: clientIp(req.headers),
    });
    return withCookies(new Response(null, { status: 204 }), cookies);
  },
  { enrolment: true },
);
