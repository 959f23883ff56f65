// Ending sessions: one of your own, all your others, or (an owner) every session of another
// member. Each is audited as sessions_ended with how many ended, never a token. A session id
// that is not the member's own is answered exactly as one that does not exist.
import { and, eq, ne } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import { session, user } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";

/** Session ids as Better Auth makes them; anything else names no session. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

function noSuchSession() {
  return new AppError("not_found", "No such session.");
}

/** Ends one of the member's own sessions (this one included: that is signing out here). */
export async function endOwnSession({ db, member: me, caller }: Asker, id: string): Promise<void> {
  if (!SESSION_ID.test(id)) throw noSuchSession();
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.id, id), eq(session.userId, me.id)))
      .returning({ id: session.id });
    if (ended.length === 0) throw noSuchSession();
    await audit(tx, { action: "sessions_ended", actor: me, targetId: me.id, ip: caller.ip, detail: { scope: "one", count: 1 } });
  });
}

/** Ends every session of the member but the one making the request; returns how many ended. */
export async function endOtherSessions({ db, member: me, caller }: Asker, currentId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, me.id), ne(session.id, currentId)))
      .returning({ id: session.id });
    await audit(tx, {
      action: "sessions_ended",
      actor: me,
      targetId: me.id,
      ip: caller.ip,
      detail: { scope: "others", count: ended.length },
    });
    return ended.length;
  });
}

/** An owner ends every session of another member (their own are ended from Your profile). */
export async function endMemberSessions({ db, member: owner, caller }: Asker, memberId: string): Promise<number> {
  if (memberId === owner.id)
    throw new AppError("own_sessions", "End your own sessions from Your profile, where this one is kept.", {
      fields: {
        id: "This is you",
      },
    });
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ email: user.email }).from(user).where(eq(user.id, memberId));
    if (!target) throw new AppError("not_found", "No such member.");
    const ended = await tx.delete(session).where(eq(session.userId, memberId)).returning({ id: session.id });
    await audit(tx, {
      action: "sessions_ended",
      actor: owner,
      targetId: memberId,
      ip: caller.ip,
      detail: { scope: "member", email: target.email, count: ended.length },
    });
    return ended.length;
  });
}
