// POST /api/invites/{token} – accept an invite: create the member with the password they chose,
// then sign them in (anyone holding an open link; 404 unknown, 410 used, expired or revoked)
import { getAuth, getSignInThrottle } from "@/lib/auth/auth";
import { clientIp, openRoute } from "@/lib/auth/guards";
import { acceptInvite } from "@/lib/auth/invites";
import { homeFor, isRole } from "@/lib/auth/roles";
import { acceptInviteSchema } from "@/lib/auth/schemas";
import { signIn } from "@/lib/auth/sign-in";
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
