// GET  /api/team/invites – the open invites, with their expiry (owner)
// POST /api/team/invites – invite a member: a one-time link, valid 48 hours, returned once (owner)
import { guard } from "@/lib/session/guards";
import { createInvite, listOpenInvites } from "@/lib/team/invites";
import { inviteSchema } from "@/lib/team/schema";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard("team:manage", async () => Response.json({ invites: await listOpenInvites(await getDb()) }));

export const POST = guard(
  "team:manage",
  async (req, member) => {
    const input = inviteSchema.parse(await readJson(req));
    const { id, token, expiresAt } = await createInvite(await getDb(), member, input);
    // The path only: the browser puts its own origin in front (the address the owner sees).
    return Response.json({ id, path: `/invite/${token}`, expiresAt }, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { fresh: true },
);
