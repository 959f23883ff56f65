// Which roles must sign in with a second factor (security_settings, one row; none means the
// default: owner and support), and whether a member must enrol before doing anything else.
import { eq, sql } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { securitySettings, user } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { ROLES, type Role } from "@/lib/access";

export const DEFAULT_TWO_FACTOR_ROLES: readonly Role[] = ["owner", "support"];

/** The roles that require two-factor, in the order of ROLES. */
export async function twoFactorRoles(db: Db): Promise<Role[]> {
  const [row] = await db.select({ roles: securitySettings.twoFactorRoles }).from(securitySettings).limit(1);
  const chosen = row?.roles ?? DEFAULT_TWO_FACTOR_ROLES;
  return ROLES.filter((r) => chosen.includes(r));
}

/** Whether the member has two-factor sign-in on. */
export async function twoFactorOn(db: Db, memberId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, memberId));
  return !!row?.on;
}

/**
 * True when the member's role requires two-factor and they have not enrolled: they may then
 * only enrol or sign out. One query: the member's flag beside the policy row.
 */
export async function mustEnrol(db: Db, member: { id: string; role: Role }): Promise<boolean> {
  const [row] = await db
    .select({ enabled: user.twoFactorEnabled, roles: securitySettings.twoFactorRoles })
    .from(user)
    .leftJoin(securitySettings, sql`true`)
    .where(eq(user.id, member.id))
    .limit(1);
  if (!row || row.enabled) return false;
  return (row.roles ?? DEFAULT_TWO_FACTOR_ROLES).includes(member.role);
}

/** The owner's choice, kept with who made it; audited with the roles before and after. */
export async function setTwoFactorRoles({ db, member: actor, caller }: Asker, roles: readonly Role[]): Promise<Role[]> {
  const after = ROLES.filter((r) => roles.includes(r));
  return db.transaction(async (tx) => {
    // Locks the row (or, with none yet, serialises through the insert) so two owners saving
    // at once each audit the "before" the other left.
    await tx.insert(securitySettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for("update");
    const before = ROLES.filter((r) => row.twoFactorRoles.includes(r));
    await tx
      .update(securitySettings)
      .set({ twoFactorRoles: after, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(securitySettings.id, 1));
    await audit(tx, { action: "two_factor_policy_changed", actor, ip: caller.ip, detail: { before, after } });
    return after;
  });
}

/** Each member's two-factor state, for the Team page (never the secret: only whether it is on). */
export async function twoFactorStates(
  db: Db,
): Promise<{ id: string; name: string; email: string; role: string | null; enabled: boolean }[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, enabled: user.twoFactorEnabled })
    .from(user)
    .orderBy(user.name);
  return rows.map((r) => ({ ...r, enabled: !!r.enabled }));
}
