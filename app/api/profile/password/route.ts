// POST /api/profile/password – change your own password (every member; current password checked
// through the sign-in throttle; every session of the member ends, this one is replaced)
import { withCookies } from "@/lib/http/cookies";
import { changePassword } from "@/lib/session/password";
import { route } from "@/lib/session/route";
import { passwordChangeSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = route("profile:own", { body: passwordChangeSchema }, async (ctx) => {
  const cookies = await changePassword(ctx, ctx.body);
  return withCookies(new Response(null, { status: 204 }), cookies);
});
