// A way back for a member who forgot their password, through Better Auth's reset flow. The link is
// a token Better Auth keeps only as its digest (createAuth: verification.storeIdentifier), works
// once, and lapses: RESET_EMAIL_MINUTES when the member asked for it by email, RESET_LINK_HOURS
// when an owner made it on the Team page (shown once, like an invite link). Using one ends every
// session of the member and every other reset link they have; two-factor is still asked at the
// next sign-in (a reset signs no one in); it is audited, and the member is told by email.
// Asking answers the same whether or not the address is a member's, in the same work: a member's
// link is emailed without waiting for the mail server (./reset-ask.ts). docs/decisions/password-reset.md.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Asker, Visitor } from "@/lib/access/types";
import { audit } from "@/lib/audit";
import type { Db } from "@/lib/db/open";
import { user, verification } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { type Auth, RESET_EMAIL_MINUTES, type WithAuth } from "@/lib/auth";

export { RESET_EMAIL_MINUTES };
export const RESET_LINK_HOURS = 24;
/** A reset token as this module and Better Auth make them; anything else names no link. */
const TOKEN = /^[A-Za-z0-9_-]{24,64}$/;
const identifier = (token: string) => `reset-password:${token}`;

/** The command line's (resetOnServer): the database and Better Auth, with no request behind them. */
export type ResetDeps = { db: Db; auth: Auth };

/** What a link is, without using it: the page shows the form only for an open one. */
export async function resetLinkOpen(auth: Auth, token: string): Promise<boolean> {
  return (await memberOfLink(auth, token)) !== null;
}

async function memberOfLink(auth: Auth, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const ctx = await auth.$context;
  const v = await ctx.internalAdapter.findVerificationValue(identifier(token));
  return v && v.expiresAt > new Date() ? v.value : null;
}

const GONE = "This reset link is no longer valid: links work once and lapse. Ask for a new one.";

/**
 * Sets a new password with an open link, once. Every session of the member ends (Better Auth's
 * revokeSessionsOnPasswordReset), and so does every other reset link of theirs and any sign-in
 * waiting for its second factor.
 */
export async function resetWithLink({ db, caller, signIn }: Visitor & WithAuth, token: string, newPassword: string) {
  const { auth } = await signIn();
  const memberId = await memberOfLink(auth, token);
  if (!memberId) throw new AppError("reset_link_gone", GONE);
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    // Used by another request a moment ago, or lapsed since the look.
    if ((error as { body?: { code?: string } }).body?.code === "INVALID_TOKEN") throw new AppError("reset_link_gone", GONE);
    throw error;
  }
  const [member] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, memberId));
  await endOtherLinks(db, memberId);
  await audit(db, {
    action: "password_reset",
    actor: { id: memberId, email: member?.email ?? "" },
    targetId: memberId,
    ip: caller.ip,
    detail: { by: "link" },
  });
  return { email: member?.email ?? "", name: member?.name ?? "" };
}

/** Every verification row of the member's: their other reset links, and a sign-in waiting for its code. */
export async function endOtherLinks(db: Db, memberId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.value, memberId));
}

/**
 * The last way back, on the server (npm run users:reset-password): sets a member's password by
 * their email, ends their sessions and reset links, and audits it as the command line's.
 */
export async function resetOnServer(deps: ResetDeps, email: string, newPassword: string): Promise<string> {
  const [member] = await deps.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email.toLowerCase()));
  if (!member) throw new AppError("not_found", `No member has the email ${email}.`);
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.updatePassword(member.id, await ctx.password.hash(newPassword));
  await ctx.internalAdapter.deleteUserSessions(member.id);
  await endOtherLinks(deps.db, member.id);
  await audit(deps.db, {
    action: "password_reset",
    actorEmail: "command line",
    targetId: member.id,
    detail: { by: "command line", email: member.email },
  });
  return member.id;
}

/** An owner's reset link for a member (shown once): its path and when it lapses. */
export async function makeResetLink({ db, member: owner, caller, signIn }: Asker & WithAuth, memberId: string) {
  const [member] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, memberId));
  if (!member) throw new AppError("not_found", "No such member.");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 3_600_000);
  const ctx = await (await signIn()).auth.$context;
  await ctx.internalAdapter.createVerificationValue({ identifier: identifier(token), value: member.id, expiresAt });
  await audit(db, {
    action: "password_reset_link_made",
    actor: owner,
    targetId: member.id,
    ip: caller.ip,
    detail: { email: member.email },
  });
  return { path: `/reset-password/${token}`, expiresAt: expiresAt.toISOString() };
}
