// Invitations. The owner makes a one-time link (valid INVITE_HOURS) and copies it to the new
// member; nobody but the invitee ever knows their password. The link carries 256 random bits;
// only their sha-256 is stored (a high-entropy token needs no slow hash), so a copy of the
// database cannot be used to join. Using the link claims the invite in one UPDATE, so two
// tabs submitting at once make one member.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Asker, Member, Visitor } from "@/lib/access/types";
import type { Db, DbOrTx } from "@/lib/db/open";
import { memberInvites, user, type MemberInvite } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import type { WithAuth } from "@/lib/auth";
import { createMember } from "./members";
import type { Role } from "@/lib/access";
import type { InviteRow } from "./types";

export const INVITE_HOURS = 48;

/** At most this many invites made by one owner in any hour (a stolen session cannot mint links in bulk). */
export const INVITES_PER_OWNER_HOUR = 20;
const HOUR_MS = 3_600_000;

/** 32 random bytes, base64url: 43 characters. */
export function newInviteToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as newInviteToken makes them; anything else names no invite (and is not looked up). */
export function isInviteToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export type InviteState = "open" | "used" | "expired" | "revoked" | "unknown";

export function inviteState(invite: MemberInvite | undefined, now: Date): InviteState {
  if (!invite) return "unknown";
  if (invite.acceptedAt) return "used";
  if (invite.revokedAt) return "revoked";
  return invite.expiresAt.getTime() > now.getTime() ? "open" : "expired";
}

const open = (now: Date) => and(isNull(memberInvites.acceptedAt), isNull(memberInvites.revokedAt), gt(memberInvites.expiresAt, now));

/** Makes an invite; returns the token, which is shown once and never stored. */
export async function createInvite({ db, member }: Asker, m: { name: string; email: string; role: Role }, now = new Date()) {
  return makeInvite(db, member, m, now);
}

// createInvite's and revokeInvite's work, also done inside renewInvite's transaction.
async function makeInvite(db: DbOrTx, actor: Member, m: { name: string; email: string; role: Role }, now: Date) {
  const token = newInviteToken();
  const expiresAt = new Date(now.getTime() + INVITE_HOURS * 3_600_000);
  const id = await db.transaction(async (tx) => {
    // One owner's invites one at a time (on every instance), counted over the last hour: a
    // sliding window read from the invites themselves, revoked ones included.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invites-by:${actor.id}`}))`);
    const recent = await tx
      .select({ createdAt: memberInvites.createdAt })
      .from(memberInvites)
      .where(and(eq(memberInvites.createdBy, actor.id), gt(memberInvites.createdAt, new Date(now.getTime() - HOUR_MS))))
      .orderBy(asc(memberInvites.createdAt));
    if (recent.length >= INVITES_PER_OWNER_HOUR) {
      const waitSeconds = Math.max(
        1,
        Math.ceil((recent[recent.length - INVITES_PER_OWNER_HOUR].createdAt.getTime() + HOUR_MS - now.getTime()) / 1000),
      );
      const minutes = Math.ceil(waitSeconds / 60);
      throw new AppError(
        "too_many_invites",
        `You have made ${INVITES_PER_OWNER_HOUR} invites in the last hour, the most there can be. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        { retryAfterSeconds: waitSeconds },
      );
    }
    // One email at a time: two owners inviting the same person at once make one invite.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${m.email}`}))`);
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.email, m.email));
    if (member)
      throw new AppError("email_taken", "A member with this email already exists.", {
        fields: {
          email: "A member with this email already exists",
        },
      });
    const [pending] = await tx
      .select({ id: memberInvites.id })
      .from(memberInvites)
      .where(and(eq(memberInvites.email, m.email), open(now)));
    if (pending)
      throw new AppError("invite_pending", "This email already has an open invite: revoke it to make a new one.", {
        fields: {
          email: "This email already has an open invite: revoke it to make a new one",
        },
      });
    const [row] = await tx
      .insert(memberInvites)
      .values({
        tokenHash: hashInviteToken(token),
        email: m.email,
        name: m.name,
        role: m.role,
        createdBy: actor.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: memberInvites.id });
    await audit(tx, { action: "invite_created", actor, targetId: row.id, detail: { email: m.email, role: m.role } });
    return row.id;
  });
  return { id, token, expiresAt: expiresAt.toISOString() };
}

/** The invites nobody has used or revoked yet and that have not expired, oldest first. */
export async function listOpenInvites(db: Db, now = new Date()): Promise<InviteRow[]> {
  const rows = await db.select().from(memberInvites).where(open(now)).orderBy(asc(memberInvites.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as Role,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Withdraws an invite nobody has used: its link stops working at once. */
export async function revokeInvite({ db, member }: Asker, id: string, now = new Date()): Promise<void> {
  await withdraw(db, member, id, now);
}

async function withdraw(db: DbOrTx, actor: Member, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(memberInvites)
      .set({ revokedAt: now })
      .where(and(eq(memberInvites.id, id), isNull(memberInvites.acceptedAt), isNull(memberInvites.revokedAt)))
      .returning();
    if (!row) throw new AppError("not_found", "No such open invite.");
    await audit(tx, { action: "invite_revoked", actor, targetId: row.id, detail: { email: row.email, role: row.role } });
  });
}

/** What a link leads to, for the invite page. */
export async function findInvite(db: Db, token: string, now = new Date()) {
  const [invite] = isInviteToken(token)
    ? await db
        .select()
        .from(memberInvites)
        .where(eq(memberInvites.tokenHash, hashInviteToken(token)))
    : [];
  const state = inviteState(invite, now);
  return { state, invite: state === "open" ? { name: invite.name, email: invite.email, role: invite.role as Role } : null };
}

const GONE: Record<Exclude<InviteState, "open">, AppError> = {
  unknown: new AppError("invite_not_found", "This invite link is not valid. Check that you copied all of it, or ask for a new one."),
  used: new AppError("invite_used", "This invite has already been used. Sign in with the password you chose."),
  expired: new AppError("invite_expired", `This invite has expired (links last ${INVITE_HOURS} hours). Ask an owner for a new one.`),
  revoked: new AppError("invite_revoked", "This invite was withdrawn. Ask an owner of your team if you should have access."),
};

/**
 * Uses the link: claims the invite, creates the member with the invite's email and role and
 * the password they chose, and audits it. A claim whose member cannot be created is undone.
 */
export async function acceptInvite(
  { db, signIn }: Visitor & WithAuth,
  token: string,
  m: { name: string; password: string },
  now = new Date(),
) {
  if (!isInviteToken(token)) throw GONE.unknown;
  const tokenHash = hashInviteToken(token);
  const [claimed] = await db
    .update(memberInvites)
    .set({ acceptedAt: now })
    .where(and(eq(memberInvites.tokenHash, tokenHash), open(now)))
    .returning();
  if (!claimed) {
    const [invite] = await db.select().from(memberInvites).where(eq(memberInvites.tokenHash, tokenHash));
    const state = inviteState(invite, now);
    throw GONE[state === "open" ? "used" : state];
  }
  let id: string;
  try {
    const { auth } = await signIn();
    id = await createMember(auth, { name: m.name, email: claimed.email, password: m.password, role: claimed.role as Role });
  } catch (error) {
    await db.update(memberInvites).set({ acceptedAt: null }).where(eq(memberInvites.id, claimed.id));
    throw error;
  }
  await db.update(memberInvites).set({ acceptedBy: id }).where(eq(memberInvites.id, claimed.id));
  await audit(db, {
    action: "invite_accepted",
    actor: { id, email: claimed.email },
    targetId: id,
    detail: { email: claimed.email, role: claimed.role, invite: claimed.id },
  });
  return { id, email: claimed.email };
}

/**
 * A new link for an open invite (the old one was lost, or never sent) in one step: the old link
 * stops working and a new one is made for the same name, email and role — or, if the new one
 * cannot be made (the hourly limit), nothing changes.
 */
export async function renewInvite({ db, member }: Asker, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(memberInvites)
      .where(and(eq(memberInvites.id, id), open(now)));
    if (!old) throw new AppError("not_found", "No such open invite.");
    await withdraw(tx, member, id, now);
    const made = await makeInvite(tx, member, { name: old.name, email: old.email, role: old.role as Role }, now);
    return { ...made, name: old.name, email: old.email, role: old.role as Role };
  });
}
