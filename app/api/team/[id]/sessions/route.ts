// DELETE /api/team/{id}/sessions – end every session of a member: signed out at their next request
// (owner; asks for a recent password proof)
import { clientIp, guard } from "@/lib/session/guards";
import { MEMBER_ID } from "@/lib/team/schema";
import { endMemberSessions } from "@/lib/session/end";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const DELETE = guard<{ id: string }>(
  "team:manage",
  async (req, member, { id }) => {
    if (!MEMBER_ID.test(id)) throw new AppError("not_found", "No such member.");
    const ended = await endMemberSessions(await getDb(), member, id, { ip: clientIp(req.headers) });
    return Response.json({ ended });
  },
  { fresh: true },
);
