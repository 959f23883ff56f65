// POST   /api/session – sign in with email and password (throttled, audit-logged); a member with
//                       two-factor gets { twoFactor: true } and gives their code next
// DELETE /api/session – sign out
import { withCookies } from "@/lib/http/cookies";
import { passwordStep } from "@/lib/session/entry";
import { publicRoute, route } from "@/lib/session/route";
import { signOut } from "@/lib/auth/sign-in";
import { signInSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute({ body: signInSchema }, async (ctx) => {
  const { cookies, body } = await passwordStep(ctx, ctx.body);
  return withCookies(Response.json(body), cookies);
});

export const DELETE = route(null, { enrolment: true }, async (ctx) => {
  const cookies = await signOut(ctx);
  return withCookies(new Response(null, { status: 204 }), cookies);
});
