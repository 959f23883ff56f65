// POST /api/setup – first run only: creates the owner account, then signs them in (and sends
// them to set up two-factor sign-in)
import { getAuth, getSignInThrottle } from "@/lib/auth/auth";
import { clientIp, openRoute } from "@/lib/auth/guards";
import { setUpOwner } from "@/lib/auth/members";
import { setupSchema } from "@/lib/auth/schemas";
import { signIn } from "@/lib/auth/sign-in";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = openRoute(async (req) => {
  const owner = setupSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  await setUpOwner(deps, owner);
  const { cookies } = await signIn(deps, owner, { headers: req.headers, ip: clientIp(req.headers) });
  // The owner's role requires two-factor by default: they set it up first (lib/auth/two-factor-policy.ts).
  return withCookies(Response.json({ home: "/two-factor" }, { status: 201 }), cookies);
});
