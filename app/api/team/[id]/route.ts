// PATCH /api/team/{id} – change a member's role or (de)activate them (owner)
import { guard } from "@/lib/session/guards";
import { changeMember } from "@/lib/team/members";
import { MEMBER_ID, memberChangeSchema } from "@/lib/team/schema";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const PATCH = guard<{ id: string }>(
  "team:manage",
  async (req, member, { id }) => {
    if (!MEMBER_ID.test(id)) throw new AppError("not_found", "No such member.");
    const change = memberChangeSchema.parse(await readJson(req));
    await changeMember(await getDb(), member, id, change);
    return new Response(null, { status: 204 });
  },
  { fresh: true },
);
