// DELETE /api/profile/sessions/{id} – end one of your own sessions (another member's id is "no such
// session", as an unknown one; asks for a recent password proof)
import { clientIp, guard } from "@/lib/session/guards";
import { endOwnSession } from "@/lib/session/end";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const DELETE = guard<{ id: string }>(
  "profile:own",
  async (req, member, { id }) => {
    await endOwnSession(await getDb(), member, id, { ip: clientIp(req.headers) });
    return new Response(null, { status: 204 });
  },
  { fresh: true },
);
