// GET  /api/session/reauth – is this session's last proof recent? (and may a code stand in for the password)
// POST /api/session/reauth – confirm who you are again: { password } or { code } (throttled as
//                            sign-in; audited); sensitive actions then go through for REAUTH_MINUTES
import { proofStatus, reauthenticate, reauthSchema } from "@/lib/session/reauth";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route(null, {}, async (ctx) =>
  Response.json(await proofStatus(ctx, ctx.session), { headers: { "Cache-Control": "no-store" } }),
);

export const POST = route(null, { body: reauthSchema }, async (ctx) => {
  await reauthenticate(ctx, ctx.session.id, ctx.body);
  return null;
});
