// POST /api/setup – first run only: creates the owner account, then signs them in (and sends
// them to set up two-factor sign-in)
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, openRoute } from "@/lib/session/guards";
import { setUpOwner } from "@/lib/team/members";
import { setupSchema } from "@/lib/team/schema";
import { signIn } from "@/lib/session/sign-in";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = openRoute(async (req) => {
  const owner = setupSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  await setUpOwner(deps, owner);
  const { cookies } = await signIn(deps, owner, { headers: req.headers, ip: clientIp(req.headers) });
  // The owner's role requires two-factor by default: they set it up first (lib/two-factor/policy.ts).
  return withCookies(Response.json({ home: "/two-factor" }, { status: 201 }), cookies);
});
