// POST /api/profile/two-factor/confirm – the first code from the new authenticator turns
// two-factor on; answers the 10 recovery codes, this once (every member, also one who must enrol)
import { withCookies } from "@/lib/http/cookies";
import { route } from "@/lib/session/route";
import { confirmEnrolment } from "@/lib/two-factor/enrol";
import { enrolCodeSchema } from "@/lib/two-factor/schema";

export const dynamic = "force-dynamic";

export const POST = route("profile:own", { body: enrolCodeSchema, enrolment: true }, async (ctx) => {
  const { cookies, recoveryCodes } = await confirmEnrolment(ctx, ctx.body.code);
  return withCookies(Response.json({ recoveryCodes }, { headers: { "Cache-Control": "no-store" } }), cookies);
});
