// POST /api/profile/two-factor/confirm – the first code from the new authenticator turns
// two-factor on; answers the 10 recovery codes, this once (every member, also one who must enrol)
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, guard } from "@/lib/session/guards";
import { confirmEnrolment } from "@/lib/two-factor/enrol";
import { enrolCodeSchema } from "@/lib/two-factor/schema";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard(
  "profile:own",
  async (req, member) => {
    const { code } = enrolCodeSchema.parse(await readJson(req));
    const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
    const { cookies, recoveryCodes } = await confirmEnrolment(deps, member, code, { headers: req.headers, ip: clientIp(req.headers) });
    return withCookies(Response.json({ recoveryCodes }, { headers: { "Cache-Control": "no-store" } }), cookies);
  },
  { enrolment: true },
);
