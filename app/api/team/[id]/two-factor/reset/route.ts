// POST /api/team/{id}/two-factor/reset – delete another member's second factor and end their
// sessions (owner; not their own; audited; a team change like any other: a recent proof first)
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";
import { MEMBER_ID } from "@/lib/team/schema";
import { resetTwoFactor } from "@/lib/two-factor/reset";

export const dynamic = "force-dynamic";

export const POST = route("team:manage", { params: idParams("No such member.", (id) => MEMBER_ID.test(id)), fresh: true }, async (ctx) => {
  await resetTwoFactor(ctx, ctx.params.id);
  return null;
});
