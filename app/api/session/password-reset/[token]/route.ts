// POST /api/session/password-reset/{token} – choose a new password with a reset link (anyone holding
// an open link; 410 once used, lapsed or replaced); ends every session of the member
import { resetAndTell } from "@/lib/session/reset-email";
import { publicRoute } from "@/lib/session/route";
import { resetPasswordSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute<{ password: string }, undefined, { token: string }>({ body: resetPasswordSchema }, async (ctx) => {
  await resetAndTell(ctx, ctx.params.token, ctx.body.password);
  return null;
});
