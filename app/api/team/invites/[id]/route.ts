// DELETE /api/team/invites/{id} – revoke an invite nobody has used: its link stops working (owner)
import { guard } from "@/lib/session/guards";
import { revokeInvite } from "@/lib/team/invites";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const DELETE = guard<{ id: string }>(
  "team:manage",
  async (_req, member, { id }) => {
    if (!isUuid(id)) throw new AppError("not_found", "No such open invite.");
    await revokeInvite(await getDb(), member, id);
    return new Response(null, { status: 204 });
  },
  { fresh: true },
);
