// POST /api/session/password-reset/{token} – choose a new password with a reset link (anyone holding
// an open link; 410 once used, lapsed or replaced); ends every session of the member
import { emailOn, sendMail } from "@/lib/email/mailer";
import { resetWithLink } from "@/lib/session/password-reset";
import { emailResetDone } from "@/lib/session/reset-email";
import { publicRoute } from "@/lib/session/route";
import { resetPasswordSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute<{ password: string }, undefined, { token: string }>({ body: resetPasswordSchema }, async (ctx) => {
  const member = await resetWithLink(ctx, ctx.params.token, ctx.body.password);
  if (emailOn()) emailResetDone(ctx.db, sendMail, member);
  return null;
});
