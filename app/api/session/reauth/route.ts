// GET  /api/session/reauth – is this session's last proof recent? (and may a code stand in for the password)
// POST /api/session/reauth – confirm who you are again: { password } or { code } (throttled as
//                            sign-in; audited); sensitive actions then go through for REAUTH_MINUTES
import { eq } from "drizzle-orm";
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { proofSecondsLeft } from "@/lib/session/fresh";
import { clientIp, guard, sessionOf } from "@/lib/session/guards";
import { reauthenticate, reauthSchema } from "@/lib/session/reauth";
import { sessionPolicy } from "@/lib/session/policy";
import { getDb } from "@/lib/db/client";
import { user } from "@/lib/db/schema";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard(null, async (req, member) => {
  const [row] = await (await getDb()).select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, member.id));
  const secondsLeft = proofSecondsLeft(sessionOf(req.headers), sessionPolicy());
  return Response.json({ fresh: secondsLeft > 0, secondsLeft, twoFactor: !!row?.on }, { headers: { "Cache-Control": "no-store" } });
});

export const POST = guard(null, async (req, member) => {
  const input = reauthSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  await reauthenticate(deps, member, sessionOf(req.headers).id, input, { headers: req.headers, ip: clientIp(req.headers) });
  return new Response(null, { status: 204 });
});
