// POST   /api/profile/two-factor – start enrolment: password → a new authenticator secret (URI
//                                  and text), shown this once (every member, also one who must enrol)
// DELETE /api/profile/two-factor – turn your own two-factor off (password; refused when your role requires it)
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, guard } from "@/lib/session/guards";
import { disableTwoFactor, startEnrolment } from "@/lib/two-factor/enrol";
import { passwordProofSchema } from "@/lib/two-factor/schema";
import { getDb } from "@/lib/db/client";
import { withCookies } from "@/lib/http/cookies";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const deps = async () => ({ db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() });

export const POST = guard(
  "profile:own",
  async (req, member) => {
    const { password } = passwordProofSchema.parse(await readJson(req));
    const started = await startEnrolment(await deps(), member, password, { headers: req.headers, ip: clientIp(req.headers) });
    return Response.json(started, { headers: { "Cache-Control": "no-store" } });
  },
  { enrolment: true },
);

export const DELETE = guard("profile:own", async (req, member) => {
  const { password } = passwordProofSchema.parse(await readJson(req));
  const cookies = await disableTwoFactor(await deps(), member, password, { headers: req.headers, ip: clientIp(req.headers) });
  return withCookies(new Response(null, { status: 204 }), cookies);
});
