// GET    /api/profile/sessions – your live sessions: device, address, started, last seen, this one marked
// DELETE /api/profile/sessions – end all your other sessions (asks for a recent password proof)
import { clientIp, guard, sessionOf } from "@/lib/session/guards";
import { endOtherSessions } from "@/lib/session/end";
import { sessionPolicy } from "@/lib/session/policy";
import { listSessions } from "@/lib/session/sessions";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export const GET = guard("profile:own", async (req, member) => {
  const sessions = await listSessions(await getDb(), member.id, sessionOf(req.headers).id, sessionPolicy());
  return Response.json({ sessions }, { headers: { "Cache-Control": "no-store" } });
});

export const DELETE = guard(
  "profile:own",
  async (req, member) => {
    const ended = await endOtherSessions(await getDb(), member, sessionOf(req.headers).id, { ip: clientIp(req.headers) });
    return Response.json({ ended });
  },
  { fresh: true },
);
