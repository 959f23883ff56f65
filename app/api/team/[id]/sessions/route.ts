// DELETE /api/team/{id}/sessions – end every session of a member: signed out at their next request
// (owner; asks for a recent password proof)
import { idParams } from "@/lib/http/route";
import { endMemberSessions } from "@/lib/session/end";
import { route } from "@/lib/session/route";
import { MEMBER_ID } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const DELETE = route(
  "team:manage",
  { params: idParams("No such member.", (id) => MEMBER_ID.test(id)), fresh: true },
  async (ctx) => ({
    ended: await endMemberSessions(ctx, ctx.params.id),
  }),
);
