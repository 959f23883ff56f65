// DELETE /api/team/invites/{id} – revoke an invite nobody has used: its link stops working (owner)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { revokeInvite } from "@/lib/team/invites";

export const dynamic = "force-dynamic";

export const DELETE = route("team:manage", { params: idParams("No such open invite."), fresh: true }, async (ctx) => {
  await revokeInvite(ctx, ctx.params.id);
  return null;
});
