// GET /api/profile/notifications – the member's email choice for each kind of notification their role gets
// PUT /api/profile/notifications – change some of them: { email: { "<kind>": "instant" | "daily" | "off" } }
import { emailOn } from "@/lib/email/mailer";
import { emailChoicesSchema } from "@/lib/notifications/schema";
import { emailChoicesOf, saveEmailChoices } from "@/lib/notifications/settings";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route(null, {}, async (ctx) => ({ emailOn: emailOn(), choices: await emailChoicesOf(ctx) }));

export const PUT = route(null, { body: emailChoicesSchema }, async (ctx) => ({
  emailOn: emailOn(),
  choices: await saveEmailChoices(ctx, ctx.body),
}));
