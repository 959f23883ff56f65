// POST   /api/profile/two-factor – start enrolment: password → a new authenticator secret (URI
//                                  and text), shown this once (every member, also one who must enrol)
// DELETE /api/profile/two-factor – turn your own two-factor off (password; refused when your role requires it)
import { withCookies } from "@/lib/http/cookies";
import { route } from "@/lib/session/route";
import { disableTwoFactor, startEnrolment } from "@/lib/two-factor/enrol";
import { passwordProofSchema } from "@/lib/two-factor/schema";

export const dynamic = "force-dynamic";

export const POST = route("profile:own", { body: passwordProofSchema, enrolment: true }, async (ctx) => {
  const started = await startEnrolment(ctx, ctx.body.password);
  return Response.json(started, { headers: { "Cache-Control": "no-store" } });
});

export const DELETE = route("profile:own", { body: passwordProofSchema }, async (ctx) => {
  const cookies = await disableTwoFactor(ctx, ctx.body.password);
  return withCookies(new Response(null, { status: 204 }), cookies);
});
