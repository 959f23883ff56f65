// GET  /api/team – the team's members (owner)
// POST /api/team – add a member with a role and a first password (owner)
import { getAuth } from "@/lib/session/auth";
import { guard } from "@/lib/session/guards";
import { addMember, listMembers } from "@/lib/team/members";
import { newMemberSchema } from "@/lib/team/schema";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard("team:manage", async () => Response.json({ members: await listMembers(await getDb()) }));

export const POST = guard(
  "team:manage",
  async (req, member) => {
    const input = newMemberSchema.parse(await readJson(req));
    const id = await addMember({ db: await getDb(), auth: await getAuth() }, member, input);
    return Response.json({ id }, { status: 201 });
  },
  { fresh: true },
);
