// POST /api/session/password-reset – ask for a reset link by email (anyone; the same answer for any
// address; throttled per asker and per email; 409 when the dashboard sends no email)
import { RESET_EMAIL_MINUTES } from "@/lib/session/password-reset";
import { askForReset } from "@/lib/session/reset-ask";
import { publicRoute } from "@/lib/session/route";
import { resetAskSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute({ body: resetAskSchema, status: 202 }, async (ctx) => {
  await askForReset(ctx, ctx.body.email);
  return {
    message: `If a member of this dashboard has this email, a link to choose a new password is on its way. It works once, for ${RESET_EMAIL_MINUTES} minutes.`,
  };
});
