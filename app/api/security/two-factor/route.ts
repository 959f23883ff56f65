// PUT /api/security/two-factor – the roles that must sign in with two-factor (owner; audited before/after)
import { clientIp, guard } from "@/lib/session/guards";
import { setTwoFactorRoles } from "@/lib/two-factor/policy";
import { twoFactorPolicySchema } from "@/lib/two-factor/schema";
import { getDb } from "@/lib/db/client";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const PUT = guard(
  "team:manage",
  async (req, member) => {
    const { roles } = twoFactorPolicySchema.parse(await readJson(req));
    const saved = await setTwoFactorRoles(await getDb(), member, roles, clientIp(req.headers));
    return Response.json({ roles: saved });
  },
  // Loosening who needs a second factor is a team change: a recent proof first (REAUTH_MINUTES).
  { fresh: true },
);
