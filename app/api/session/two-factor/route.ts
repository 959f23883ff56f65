// POST /api/session/two-factor – the code step of sign-in: an authenticator code or a recovery
// code for the pending sign-in (throttled with the password attempts, audit-logged)
import { withCookies } from "@/lib/http/cookies";
import { codeStep } from "@/lib/session/entry";
import { publicRoute } from "@/lib/session/route";
import { signInCodeSchema } from "@/lib/two-factor/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute({ body: signInCodeSchema }, async (ctx) => {
  const { cookies, body } = await codeStep(ctx, ctx.body);
  return withCookies(Response.json(body), cookies);
});
