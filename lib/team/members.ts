// The team: members are Better Auth users with a role; deactivating one bans the account and
// deletes its sessions in one transaction, so access ends at the member's next request.
import { and, asc, count, eq, isNull, or } from "drizzle-orm";
import type { Asker, Visitor } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { appSecrets, session, user } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import type { Auth, WithAuth } from "@/lib/auth";
import type { Role } from "@/lib/access";
import { PASSWORD_MIN } from "@/lib/auth/shape";
import type { MemberRow } from "./types";

export async function countMembers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return row.n;
}

/** Databases known to have a member. Members are never deleted (deactivated at most), so once one is there it stays so. */
const populated = new WeakSet<Db>();

/**
 * Whether anyone has an account yet (no one: the pages lead to /setup). Asked of the database
 * until the answer is yes, then remembered: one query fewer on every anonymous page.
 */
export async function hasMembers(db: Db): Promise<boolean> {
  if (populated.has(db)) return true;
  if ((await countMembers(db)) === 0) return false;
  populated.add(db);
  return true;
}

/** Forgets that `db` has members (a test that empties its database: tests/unit/support/db.ts). */
export function forgetMembers(db: Db): void {
  populated.delete(db);
}

export async function listMembers(db: Db): Promise<MemberRow[]> {
  const rows = await db.select().from(user).orderBy(asc(user.createdAt), asc(user.email));
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as Role,
    active: !u.banned,
    createdAt: u.createdAt.toISOString(),
  }));
}

/** Creates a member through Better Auth (its password hashing), without signing them in. */
export async function createMember(auth: Auth, m: { name: string; email: string; password: string; role: Role }): Promise<string> {
  // Better Auth's createUser does not apply minPasswordLength itself.
  if (m.password.length < PASSWORD_MIN)
    throw new AppError("invalid_request", "Some fields need attention.", {
      fields: { password: `Use at least ${PASSWORD_MIN} characters` },
    });
  try {
    const { user: created } = await auth.api.createUser({ body: { name: m.name, email: m.email, password: m.password, role: m.role } });
    return created.id;
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code?.includes("ALREADY_EXISTS"))
      throw new AppError("email_taken", "A member with this email already exists.", {
        fields: {
          email: "A member with this email already exists",
        },
      });
    throw error;
  }
}

export async function addMember(asker: Asker & WithAuth, m: { name: string; email: string; password: string; role: Role }) {
  const id = await createMember((await asker.signIn()).auth, m);
  await audit(asker.db, { action: "member_added", actor: asker.member, targetId: id, detail: { email: m.email, role: m.role } });
  return id;
}

/**
 * The first run: creates the owner while no member exists. A claim row makes it happen once
 * even if two browsers submit together; after that, set-up is gone for good.
 */
export async function setUpOwner({ db, signIn }: Visitor & WithAuth, m: { name: string; email: string; password: string }) {
  if (await isSetUp(db)) throw new AppError("not_found", "Set-up is already done.");
  const [claimed] = await db
    .insert(appSecrets)
    .values({ name: "setup_done", value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!claimed) throw new AppError("not_found", "Set-up is already done.");
  try {
    const id = await createMember((await signIn()).auth, { ...m, role: "owner" });
    await audit(db, { action: "owner_created", actor: { id, email: m.email }, targetId: id });
    return id;
  } catch (error) {
    await db.delete(appSecrets).where(eq(appSecrets.name, "setup_done"));
    throw error;
  }
}

export async function isSetUp(db: Db): Promise<boolean> {
  const [claim] = await db.select().from(appSecrets).where(eq(appSecrets.name, "setup_done"));
  return !!claim || (await countMembers(db)) > 0;
}

/** Changes a member's role and/or active state; the last active owner can be neither demoted nor deactivated. */
export async function changeMember({ db, member: actor }: Asker, targetId: string, change: { role?: Role; active?: boolean }) {
  return db.transaction(async (tx) => {
    // Lock every active owner's row: two owners demoting each other at once must not both win.
    const owners = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, "owner"), or(isNull(user.banned), eq(user.banned, false))))
      .for("update");
    const [target] = await tx.select().from(user).where(eq(user.id, targetId)).for("update");
    if (!target) throw new AppError("not_found", "No such member.");
    if (change.active === false && target.id === actor.id)
      throw new AppError("self_deactivation", "You cannot deactivate your own account.");

    const isActiveOwner = owners.some((o) => o.id === target.id);
    const losesOwner = (change.role !== undefined && change.role !== "owner") || change.active === false;
    if (isActiveOwner && losesOwner && owners.length <= 1) {
      throw new AppError("last_owner", "The team must keep at least one active owner.");
    }

    const updates: { role?: Role; banned?: boolean; banReason?: string | null } = {};
    if (change.role !== undefined && change.role !== target.role) updates.role = change.role;
    if (change.active !== undefined && change.active === !!target.banned) {
      updates.banned = !change.active;
      updates.banReason = change.active ? null : `Deactivated by ${actor.email}`;
    }
    if (Object.keys(updates).length === 0) return;
    await tx.update(user).set(updates).where(eq(user.id, target.id));
    if (updates.banned) await tx.delete(session).where(eq(session.userId, target.id));

    const events = [];
    if (updates.role)
      events.push({ action: "role_changed" as const, detail: { email: target.email, from: target.role, to: updates.role } });
    if (updates.banned !== undefined)
      events.push({
        action: updates.banned ? ("member_deactivated" as const) : ("member_reactivated" as const),
        detail: { email: target.email },
      });
    for (const e of events) await audit(tx, { ...e, actor, targetId: target.id });
  });
}
