// GET  /api/team – the team's members (owner)
// POST /api/team – add a member with a role and a first password (owner; a recent proof first)
import { route } from "@/lib/session/route";
import { addMember, listMembers } from "@/lib/team/members";
import { newMemberSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const GET = route("team:manage", {}, async ({ db }) => ({ members: await listMembers(db) }));

export const POST = route("team:manage", { body: newMemberSchema, fresh: true, status: 201 }, async (ctx) => ({
  id: await addMember(ctx, ctx.body),
}));
