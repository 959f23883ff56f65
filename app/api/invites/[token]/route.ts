// POST /api/invites/{token} – accept an invite: create the member with the password they chose,
// then sign them in (anyone holding an open link; 404 unknown, 410 used, expired or revoked)
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, openRoute } from "@/lib/session/guards";
import { acceptInvite } from "@/lib/team/invites";
import { homeFor, isRole } from "@/lib/team/roles";
import { acceptInviteSchema } from "@/lib/team/schema";
import { signIn } from "@/lib/session/sign-in";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = openRoute<{ token: string }>(async (req, { token }) => {
  const input = acceptInviteSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  const { email } = await acceptInvite(deps, token, input);
  const { cookies, role } = await signIn(deps, { email, password: input.password }, { headers: req.headers, ip: clientIp(req.headers) });
  return withCookies(Response.json({ home: isRole(role) ? homeFor(role) : "/" }, { status: 201 }), cookies);
});
