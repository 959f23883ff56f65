// GET  /api/team/invites – the open invites, with their expiry (owner)
// POST /api/team/invites – invite a member: a one-time link, valid 48 hours, returned once and emailed when email is on (owner)
import { route } from "@/lib/session/route";
import { inviteAndEmail } from "@/lib/team/invite-email";
import { listOpenInvites } from "@/lib/team/invites";
import { inviteSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const GET = route("team:manage", {}, async ({ db }) => ({ invites: await listOpenInvites(db) }));

export const POST = route("team:manage", { body: inviteSchema, fresh: true }, async (ctx) => {
  const { id, token, expiresAt, emailed } = await inviteAndEmail(ctx, ctx.body);
  // The path only: the browser puts its own origin in front (the address the owner sees).
  return Response.json({ id, path: `/invite/${token}`, expiresAt, emailed }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
