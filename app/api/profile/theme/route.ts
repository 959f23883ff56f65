// PUT /api/profile/theme – the signed-in member's colour scheme (System, Light or Dark); any role
import { guard } from "@/lib/session/guards";
import { setTheme } from "@/lib/team/member-settings";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";
import { themeSchema } from "@/lib/market/theme";

export const dynamic = "force-dynamic";

export const PUT = guard(null, async (req, member) => {
  const { theme } = themeSchema.parse(await readJson(req));
  await setTheme(await getDb(), member.id, theme);
  return Response.json({ theme });
});
