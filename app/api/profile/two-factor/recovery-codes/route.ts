// POST /api/profile/two-factor/recovery-codes – 10 new recovery codes (password); the old ones stop working
import { route } from "@/lib/session/route";
import { regenerateRecoveryCodes } from "@/lib/two-factor/enrol";
import { passwordProofSchema } from "@/lib/two-factor/schema";

export const dynamic = "force-dynamic";

export const POST = route("profile:own", { body: passwordProofSchema }, async (ctx) => {
  const recoveryCodes = await regenerateRecoveryCodes(ctx, ctx.body.password);
  return Response.json({ recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
});
