// POST /api/setup – first run only: creates the owner account, then signs them in (and sends
// them to set up two-factor sign-in)
import { withCookies } from "@/lib/http/cookies";
import { firstOwner } from "@/lib/session/entry";
import { publicRoute } from "@/lib/session/route";
import { setupSchema } from "@/lib/team/schema";

export const dynamic = "force-dynamic";

export const POST = publicRoute({ body: setupSchema }, async (ctx) => {
  const { cookies, body } = await firstOwner(ctx, ctx.body);
  return withCookies(Response.json(body, { status: 201 }), cookies);
});
