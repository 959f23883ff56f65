// A member's sessions: the idle timeout every request passes through (lib/session/guards.ts), and
// the list a member sees on Your profile. Sessions live in the database and are read on every
// request, so deleting a row ends that session at its next request.
//
// The idle timeout is kept cheaply: a request writes the session's last-seen time only when the
// stored one is older than the policy's touchMs (one minute by default), in one
// UPDATE … WHERE last_seen_at < cutoff, so a burst of parallel requests costs at most one write a
// minute (the row lock makes the others match nothing). The price of that granularity: the
// stored time may be up to touchMs behind the last request, so a session ends between
// idle − touchMs and idle after it was last used (29 to 30 minutes by default), never later.
// The absolute limit is Better Auth's expiresAt, set at sign-in and never extended.
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { session } from "@/lib/db/schema";
import { describeDevice } from "@/lib/http/user-agent";
import type { Reader } from "@/lib/access/types";
import { type SessionPolicy, sessionPolicy } from "./policy";

/** What the guards know of the session a request carries (never its token). */
export type SessionInfo = { id: string; lastSeenAt: Date; provenAt: Date };

/** A row of the Sessions list, as the browser gets it: no token, ever. */
export type SessionRow = {
  id: string;
  device: string;
  address: string | null;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
};

/**
 * The idle timeout for one request: false when the session was unused for longer than the
 * policy allows (its row is then deleted, and the request is anonymous); true otherwise, with
 * the last-seen time moved forward when it is older than touchMs.
 */
export async function keepAlive(db: DbOrTx, s: SessionInfo, policy: SessionPolicy, now = new Date()): Promise<boolean> {
  const idleSince = new Date(now.getTime() - policy.idleMs);
  if (s.lastSeenAt < idleSince) {
    // Only if still idle in the row itself: another instance may have just touched it.
    await db.delete(session).where(and(eq(session.id, s.id), lt(session.lastSeenAt, idleSince)));
    return false;
  }
  if (now.getTime() - s.lastSeenAt.getTime() >= policy.touchMs) await touch(db, s.id, policy, now);
  return true;
}

/** Moves last-seen forward unless a request did so within touchMs; returns the rows written (0 or 1). */
export async function touch(db: DbOrTx, id: string, policy: SessionPolicy, now = new Date()): Promise<number> {
  const written = await db
    .update(session)
    .set({ lastSeenAt: now })
    .where(and(eq(session.id, id), lt(session.lastSeenAt, new Date(now.getTime() - policy.touchMs + 1))))
    .returning({ id: session.id });
  return written.length;
}

/** The member's live sessions (not past their absolute limit, not idle), the most recently used first. */
export async function listSessions(
  { db, member }: Reader,
  currentId: string | null,
  policy = sessionPolicy(),
  now = new Date(),
): Promise<SessionRow[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
    })
    .from(session)
    .where(and(eq(session.userId, member.id), gt(session.expiresAt, now), gt(session.lastSeenAt, new Date(now.getTime() - policy.idleMs))))
    .orderBy(desc(session.lastSeenAt), desc(session.id));
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    address: r.ipAddress || null,
    startedAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentId,
  }));
}
