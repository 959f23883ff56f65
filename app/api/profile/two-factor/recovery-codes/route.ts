// POST /api/profile/two-factor/recovery-codes – 10 new recovery codes (password); the old ones stop working
import { getAuth, getSignInThrottle } from "@/lib/session/auth";
import { clientIp, guard } from "@/lib/session/guards";
import { regenerateRecoveryCodes } from "@/lib/two-factor/enrol";
import { passwordProofSchema } from "@/lib/two-factor/schema";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard("profile:own", async (req, member) => {
  const { password } = passwordProofSchema.parse(await readJson(req));
  const deps = { db: await getDb(), auth: await getAuth(), throttle: await getSignInThrottle() };
  const recoveryCodes = await regenerateRecoveryCodes(deps, member, password, { headers: req.headers, ip: clientIp(req.headers) });
  return Response.json({ recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
});
