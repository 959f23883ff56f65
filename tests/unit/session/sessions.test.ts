// Sessions (lib/session/sessions.ts, end.ts) with the real Better Auth on PGlite and
// PostgreSQL: the idle timeout at its boundary, one write a minute under a burst, the absolute
// limit, the list (only the member's live sessions), and ending sessions without revealing others'.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { endMemberSessions, endOtherSessions, endOwnSession } from "@/lib/session/end";
import { policyOf } from "@/lib/session/policy";
import { keepAlive, listSessions, touch } from "@/lib/session/sessions";
import { session } from "@/lib/db/schema";
import { apiError, auditRows, makeMember, sessionCookie, useAuth } from "../support/auth";
import { askerOf } from "../support/asker";
import { backends } from "../support/db";

const POLICY = policyOf(30, 10); // the defaults: 30 minutes idle, a touch at most once a minute
const MIN = 60_000;
const CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

describe.each(backends)("sessions on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  /** A signed-in session of this member; its row's id and times. */
  async function signedIn(email: string) {
    const headers = await sessionCookie(auth(), email);
    const s = await auth().api.getSession({ headers });
    if (!s) throw new Error("no session");
    return { headers, id: s.session.id };
  }
  const row = async (id: string) => (await db().select().from(session).where(eq(session.id, id)))[0];
  const setSeen = (id: string, at: Date) => db().update(session).set({ lastSeenAt: at }).where(eq(session.id, id));
  const info = async (id: string) => {
    const r = await row(id);
    return { id, lastSeenAt: r.lastSeenAt, provenAt: r.provenAt };
  };

  test("idle boundary: exactly 30 minutes unused is still alive (and touched); a millisecond more ends the session and deletes its row", async () => {
    await makeMember(auth(), "ama@example.com", "staff");
    const a = await signedIn("ama@example.com");
    const seen = new Date(Date.now() - 60 * MIN);
    await setSeen(a.id, seen);
    expect(await keepAlive(db(), await info(a.id), POLICY, new Date(seen.getTime() + 30 * MIN))).toBe(true);
    expect((await row(a.id)).lastSeenAt.getTime()).toBe(seen.getTime() + 30 * MIN);

    const b = await signedIn("ama@example.com");
    await setSeen(b.id, seen);
    expect(await keepAlive(db(), await info(b.id), POLICY, new Date(seen.getTime() + 30 * MIN + 1))).toBe(false);
    expect(await row(b.id)).toBeUndefined();
    expect(await auth().api.getSession({ headers: b.headers })).toBeNull();
  });

  test("within the minute nothing is written; 50 parallel requests past it write the row once", async () => {
    await makeMember(auth(), "ama@example.com", "staff");
    const a = await signedIn("ama@example.com");
    const seen = new Date(Date.now() - 5 * MIN);
    await setSeen(a.id, seen);
    const early = new Date(seen.getTime() + MIN - 1);
    expect(await keepAlive(db(), await info(a.id), POLICY, early)).toBe(true);
    expect((await row(a.id)).lastSeenAt.getTime()).toBe(seen.getTime());

    const now = new Date(seen.getTime() + 2 * MIN);
    const writes = await Promise.all(Array.from({ length: 50 }, (_, i) => touch(db(), a.id, POLICY, new Date(now.getTime() + i))));
    expect(writes.reduce((n, w) => n + w, 0)).toBe(1);
    const stored = (await row(a.id)).lastSeenAt.getTime();
    expect(stored).toBeGreaterThanOrEqual(now.getTime());
    expect(stored).toBeLessThan(now.getTime() + 50);
  });

  test("the absolute limit holds whatever the activity: past expiresAt the session is gone", async () => {
    await makeMember(auth(), "ama@example.com", "staff");
    const a = await signedIn("ama@example.com");
    const r = await row(a.id);
    expect(r.expiresAt.getTime() - r.createdAt.getTime()).toBeGreaterThanOrEqual(12 * 60 * MIN - 5_000);
    expect(await keepAlive(db(), await info(a.id), POLICY)).toBe(true);
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, a.id));
    expect(await auth().api.getSession({ headers: a.headers })).toBeNull();
    expect(await listSessions(askerOf(db(), await makeMember(auth(), "x@example.com", "staff")), null, POLICY)).toEqual([]);
  });

  test("the list: only this member's live sessions, newest use first, this one marked, no token", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "staff");
    await makeMember(auth(), "kofi@example.com", "owner");
    const here = await signedIn("ama@example.com");
    const phone = await signedIn("ama@example.com");
    const idle = await signedIn("ama@example.com");
    const expired = await signedIn("ama@example.com");
    await signedIn("kofi@example.com");
    await db().update(session).set({ userAgent: CHROME, ipAddress: "198.51.100.7" }).where(eq(session.id, here.id));
    await setSeen(phone.id, new Date(Date.now() - 5 * MIN));
    await setSeen(idle.id, new Date(Date.now() - 31 * MIN));
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(session.id, expired.id));
    const list = await listSessions(askerOf(db(), ama), here.id, POLICY);
    expect(list.map((s) => s.id)).toEqual([here.id, phone.id]);
    expect(list[0]).toMatchObject({ device: "Chrome 124 on macOS Catalina", address: "198.51.100.7", current: true });
    expect(list[1]).toMatchObject({ device: "Unknown browser", current: false });
    expect(JSON.stringify(list)).not.toContain((await row(here.id)).token);
  });

  test("ending by id: another member's session is 'no such session', exactly as an unknown id, and stays alive", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "staff");
    await makeMember(auth(), "kofi@example.com", "owner");
    const mine = await signedIn("ama@example.com");
    const other = await signedIn("ama@example.com");
    const kofis = await signedIn("kofi@example.com");
    const foreign = await apiError(endOwnSession(askerOf(db(), ama, { ip: null }), kofis.id));
    const unknown = await apiError(endOwnSession(askerOf(db(), ama, { ip: null }), "no-such-session-id"));
    const malformed = await apiError(endOwnSession(askerOf(db(), ama, { ip: null }), "../%00"));
    for (const e of [foreign, unknown, malformed])
      expect({ status: e.status, code: e.code, message: e.message }).toEqual({
        status: 404,
        code: "not_found",
        message: "No such session.",
      });
    expect(await auth().api.getSession({ headers: kofis.headers })).not.toBeNull();
    expect(await auditRows(db())).toEqual([]);

    await endOwnSession(askerOf(db(), ama, { ip: "203.0.113.9" }), other.id);
    expect(await auth().api.getSession({ headers: other.headers })).toBeNull();
    expect(await auth().api.getSession({ headers: mine.headers })).not.toBeNull();
    const [audited] = await auditRows(db());
    expect(audited).toMatchObject({ action: "sessions_ended", actorId: ama.id, ip: "203.0.113.9", detail: { scope: "one", count: 1 } });
    expect(JSON.stringify(audited)).not.toContain((await row(mine.id)).token);
  });

  test("end all others keeps the current one; the owner ends every session of a member, whose next request is anonymous", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "staff");
    const kofi = await makeMember(auth(), "kofi@example.com", "owner");
    const here = await signedIn("ama@example.com");
    const others = [await signedIn("ama@example.com"), await signedIn("ama@example.com")];
    expect(await endOtherSessions(askerOf(db(), ama, { ip: null }), here.id)).toBe(2);
    for (const o of others) expect(await auth().api.getSession({ headers: o.headers })).toBeNull();
    expect(await auth().api.getSession({ headers: here.headers })).not.toBeNull();

    const owners = await signedIn("kofi@example.com");
    await signedIn("ama@example.com");
    expect(await endMemberSessions(askerOf(db(), kofi, { ip: null }), ama.id)).toBe(2);
    expect(await auth().api.getSession({ headers: here.headers })).toBeNull();
    expect(await auth().api.getSession({ headers: owners.headers })).not.toBeNull();
    expect(await apiError(endMemberSessions(askerOf(db(), kofi, { ip: null }), kofi.id))).toMatchObject({
      status: 422,
      code: "own_sessions",
    });
    expect(await apiError(endMemberSessions(askerOf(db(), kofi, { ip: null }), "nobody"))).toMatchObject({ status: 404 });
    const actions = (await auditRows(db())).map((r) => [r.action, r.detail]);
    expect(actions).toEqual([
      ["sessions_ended", { scope: "others", count: 2 }],
      ["sessions_ended", { scope: "member", email: ama.email, count: 2 }],
    ]);
  });
});
