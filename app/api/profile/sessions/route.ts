// GET    /api/profile/sessions – your live sessions: device, address, started, last seen, this one marked
// DELETE /api/profile/sessions – end all your other sessions (asks for a recent password proof)
import { endOtherSessions } from "@/lib/session/end";
import { route } from "@/lib/session/route";
import { listSessions } from "@/lib/session/sessions";

export const dynamic = "force-dynamic";

export const GET = route("profile:own", {}, async (ctx) => {
  const sessions = await listSessions(ctx, ctx.session.id);
  return Response.json({ sessions }, { headers: { "Cache-Control": "no-store" } });
});

export const DELETE = route("profile:own", { fresh: true }, async (ctx) => ({
  ended: await endOtherSessions(ctx, ctx.session.id),
}));
