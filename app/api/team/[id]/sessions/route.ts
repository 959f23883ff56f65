// DELETE /api/team/{id}/sessions – end every session of a member: signed out at their next request
// (owner; asks for a recent password proof)
import { clientIp, guard } from "@/lib/auth/guards";
import { MEMBER_ID } from "@/lib/auth/schemas";
import { endMemberSessions } from "@/lib/auth/session-end";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export const DELETE = guard<{ id: string }>(
  "team:manage",
  async (req, member, { id }) => {
    if (!MEMBER_ID.test(id)) throw new ApiError(404, "not_found", "No such member.");
    const ended = await endMemberSessions(await getDb(), member, id, { ip: clientIp(req.headers) });
    return Response.json({ ended });
  },
  { fresh: true },
);
