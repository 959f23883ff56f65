// POST /api/team/invites/{id}/renew – a new link for an open invite: the old link stops working and a
// new one is returned once (owner; a recent proof first; counted in the hourly invite limit)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { renewAndEmail } from "@/lib/team/invite-email";

export const dynamic = "force-dynamic";

export const POST = route("team:manage", { params: idParams("No such open invite."), fresh: true }, async (ctx) => {
  const { id, token, expiresAt, name, emailed } = await renewAndEmail(ctx, ctx.params.id);
  return Response.json(
    { id, path: `/invite/${token}`, expiresAt, name, emailed },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});
