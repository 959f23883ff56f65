// PUT /api/profile/theme – the signed-in member's colour scheme (System, Light or Dark); any role
import { route } from "@/lib/session/route";
import { setTheme } from "@/lib/team/member-settings";
import { themeSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const PUT = route(null, { body: themeSchema }, async (ctx) => {
  await setTheme(ctx, ctx.body.theme);
  return { theme: ctx.body.theme };
});
