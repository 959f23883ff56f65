// POST /api/profile/two-factor/recovery-codes – 10 new recovery codes (password); the old ones stop working
import { route } from "@/lib/session/route";
import { regenerateRecoveryCodes } from "@/lib/two-factor/enrol";
import { passwordProofSchema } from "@/lib/two-factor/schema";

export const dynamic = "force-dynamic";

export const POST = route("profile:own", { body: passwordProofSchema }, async (ctx) => {
  const recoveryCodes = await regenerateRecoveryCodes(await ctx.signIn(), ctx.member, ctx.body.password, ctx.caller);
  return Response.json({ recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
});
