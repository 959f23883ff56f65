// PUT /api/security/two-factor – the roles that must sign in with two-factor (owner; audited
// before/after; loosening who needs a second factor is a team change: a recent proof first)
import { route } from "@/lib/session/route";
import { setTwoFactorRoles } from "@/lib/two-factor/policy";
import { twoFactorPolicySchema } from "@/lib/two-factor/schema";

export const dynamic = "force-dynamic";

export const PUT = route("team:manage", { body: twoFactorPolicySchema, fresh: true }, async (ctx) => ({
  roles: await setTwoFactorRoles(ctx, ctx.body.roles),
}));
