// GET /api/business – the business's name, time zone and logo address (every member)
// PUT /api/business – the business's name and time zone (owner)
import { guard } from "@/lib/session/guards";
import { getBusinessProfile, saveBusinessProfile } from "@/lib/business/profile";
import { businessSchema } from "@/lib/business/schema";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard(null, async () => Response.json({ business: await getBusinessProfile(await getDb()) }));

export const PUT = guard("business:manage", async (req, member) => {
  const input = businessSchema.parse(await readJson(req));
  await saveBusinessProfile(await getDb(), member, input);
  return new Response(null, { status: 204 });
});
