// PATCH /api/team/{id} – change a member's role or (de)activate them (owner)
import { guard } from "@/lib/auth/guards";
import { changeMember } from "@/lib/auth/members";
import { memberChangeSchema } from "@/lib/auth/schemas";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const PATCH = guard<{ id: string }>("team:manage", async (req, member, { id }) => {
  const change = memberChangeSchema.parse(await readJson(req));
  await changeMember(await getDb(), member, id, change);
  return new Response(null, { status: 204 });
});
