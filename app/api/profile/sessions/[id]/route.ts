// DELETE /api/profile/sessions/{id} – end one of your own sessions (another member's id is "no such
// session", as an unknown one; asks for a recent password proof)
import { endOwnSession } from "@/lib/session/end";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const DELETE = route("profile:own", { fresh: true }, async (ctx) => {
  await endOwnSession(ctx, ctx.params.id);
  return null;
});
