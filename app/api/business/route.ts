// PUT /api/business – the business's name and time zone (owner)
import { guard } from "@/lib/auth/guards";
import { saveBusinessProfile } from "@/lib/business/profile";
import { businessSchema } from "@/lib/business/schema";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const PUT = guard("business:manage", async (req, member) => {
  const input = businessSchema.parse(await readJson(req));
  await saveBusinessProfile(await getDb(), member, input);
  return new Response(null, { status: 204 });
});
