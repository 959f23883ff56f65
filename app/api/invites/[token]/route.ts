// POST /api/invites/{token} – accept an invite: create the member with the password they chose,
// then sign them in (anyone holding an open link; 404 unknown, 410 used, expired or revoked)
import { withCookies } from "@/lib/http/cookies";
import { invitedMember } from "@/lib/session/entry";
import { publicRoute } from "@/lib/session/route";
import { acceptInviteSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute<{ name: string; password: string }, undefined, { token: string }>(
  { body: acceptInviteSchema },
  async (ctx) => {
    const { cookies, body } = await invitedMember(ctx, ctx.params.token, ctx.body);
    return withCookies(Response.json(body, { status: 201 }), cookies);
  },
);
