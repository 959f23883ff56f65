// POST /api/session/two-factor – the code step of sign-in: an authenticator code or a recovery
// code for the pending sign-in (throttled with the password attempts, audit-logged)
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, openRoute } from "@/lib/session/guards";
import { homeFor, isRole } from "@/lib/team/roles";
import { verifySignInCode } from "@/lib/two-factor/sign-in";
import { signInCodeSchema } from "@/lib/two-factor/schema";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = openRoute(async (req) => {
  const input = signInCodeSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  const { cookies, role } = await verifySignInCode(deps, input, { headers: req.headers, ip: clientIp(req.headers) });
  return withCookies(Response.json({ home: isRole(role) ? homeFor(role) : "/" }), cookies);
});
