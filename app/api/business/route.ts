// GET /api/business – the business's name, time zone and logo address (every member)
// PUT /api/business – the business's name and time zone (owner)
import { getBusinessProfile, saveBusinessProfile } from "@/lib/business/profile";
import { businessSchema } from "@/lib/business/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route(null, {}, async ({ db }) => ({ business: await getBusinessProfile(db) }));

export const PUT = route("business:manage", { body: businessSchema }, async (ctx) => {
  await saveBusinessProfile(ctx, ctx.body);
  return null;
});
