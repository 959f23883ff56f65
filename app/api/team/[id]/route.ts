// PATCH /api/team/{id} – change a member's role or (de)activate them (owner; a recent proof first)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { changeMember } from "@/lib/team/members";
import { MEMBER_ID, memberChangeSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const PATCH = route(
  "team:manage",
  { params: idParams("No such member.", (id) => MEMBER_ID.test(id)), body: memberChangeSchema, fresh: true },
  async (ctx) => {
    await changeMember(ctx, ctx.params.id, ctx.body);
    return null;
  },
);
