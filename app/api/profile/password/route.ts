// POST /api/profile/password – change your own password (every member; current password checked
// through the sign-in throttle; every session of the member ends, this one is replaced)
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, guard } from "@/lib/session/guards";
import { changePassword } from "@/lib/session/password";
import { passwordChangeSchema } from "@/lib/team/schema";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard("profile:own", async (req, member) => {
  const input = passwordChangeSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  const cookies = await changePassword(deps, member, input, { headers: req.headers, ip: clientIp(req.headers) });
  return withCookies(new Response(null, { status: 204 }), cookies);
});
