// POST /api/team/{id}/reset-link – an owner makes a member a password reset link, shown once
// (owner; a recent proof first; audited)
import { idParams } from "@/lib/http/route";
import { makeResetLink } from "@/lib/session/password-reset";
import { route } from "@/lib/session/route";
import { MEMBER_ID } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = route(
  "team:manage",
  { params: idParams("No such member.", (id) => MEMBER_ID.test(id)), fresh: true, status: 201 },
  (ctx) => makeResetLink(ctx, ctx.params.id),
);
