// Invitations on a real database with a real Better Auth: the token (random, stored only as its
// sha-256), one use, 48 hours, revoking, what each refusal says, and the audit trail.
import { describe, expect, test } from "vitest";
import {
  acceptInvite,
  createInvite,
  findInvite,
  hashInviteToken,
  INVITE_HOURS,
  isInviteToken,
  listOpenInvites,
  newInviteToken,
  renewInvite,
  revokeInvite,
} from "@/lib/team/invites";
import { listMembers } from "@/lib/team/members";
import { memberInvites, user } from "@/lib/db/schema";
import { apiError, auditRows, makeMember, PASSWORD, sessionCookie, useAuth } from "../support/auth";
import { askerOf, visitorOf, withAuth } from "../support/asker";
import { backends } from "../support/db";
import { asProblem } from "../support/auth";

const KOFI = { name: "Kofi Mensah", email: "kofi@example.com", role: "support" as const };
const HOUR = 3_600_000;

describe("invite tokens", () => {
  test("are 256 random bits in base64url, never the same twice", () => {
    const tokens = Array.from({ length: 200 }, newInviteToken);
    for (const t of tokens) expect(isInviteToken(t)).toBe(true);
    expect(new Set(tokens).size).toBe(200);
    expect(Buffer.from(tokens[0], "base64url")).toHaveLength(32);
  });

  test("are stored as their sha-256 in hex", () => {
    expect(hashInviteToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  test.each(["", "short", `${"a".repeat(42)}=`, "a".repeat(44), `${"a".repeat(42)}/`, `${"a".repeat(42)}\u0000`])(
    "%j is not a token",
    (value) => expect(isInviteToken(value)).toBe(false),
  );
});

describe.each(backends)("invites on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  /** Anyone, as the set-up and invite routes take them: no member yet. */
  const visitor = () => withAuth(visitorOf(db()), auth());

  test("an invite is open for 48 hours, is listed, and keeps only the token's digest", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const now = new Date("2026-03-01T10:00:00Z");
    const { id, token, expiresAt } = await createInvite(askerOf(db(), owner), KOFI, now);
    expect(expiresAt).toBe(new Date(now.getTime() + INVITE_HOURS * HOUR).toISOString());
    const [row] = await db().select().from(memberInvites);
    expect(row).toMatchObject({ id, tokenHash: hashInviteToken(token), email: KOFI.email, role: "support", createdBy: owner.id });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await listOpenInvites(db(), now)).toEqual([
      { id, name: KOFI.name, email: KOFI.email, role: "support", createdAt: now.toISOString(), expiresAt },
    ]);
    expect(await findInvite(db(), token, now)).toEqual({ state: "open", invite: { name: KOFI.name, email: KOFI.email, role: "support" } });
    // One instant before the end it is open; at the end it is expired, and no longer listed.
    expect((await findInvite(db(), token, new Date(now.getTime() + INVITE_HOURS * HOUR - 1))).state).toBe("open");
    expect((await findInvite(db(), token, new Date(now.getTime() + INVITE_HOURS * HOUR))).state).toBe("expired");
    expect(await listOpenInvites(db(), new Date(now.getTime() + INVITE_HOURS * HOUR))).toEqual([]);
    expect(await auditRows(db())).toMatchObject([
      { action: "invite_created", actorId: owner.id, targetId: id, detail: { email: KOFI.email, role: "support" } },
    ]);
    expect(JSON.stringify(await auditRows(db()))).not.toContain(token);
  });

  test("accepting creates the member with the invite's email and role and their password, once", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const { token } = await createInvite(askerOf(db(), owner), KOFI);
    const { id } = await acceptInvite(visitor(), token, { name: "Kofi A. Mensah", password: PASSWORD });
    expect((await listMembers(db())).find((m) => m.id === id)).toMatchObject({
      name: "Kofi A. Mensah",
      email: KOFI.email,
      role: "support",
    });
    const session = await auth().api.getSession({ headers: await sessionCookie(auth(), KOFI.email) });
    expect(session?.user.id).toBe(id);
    expect(await listOpenInvites(db())).toEqual([]);
    expect((await findInvite(db(), token)).state).toBe("used");
    const again = await apiError(acceptInvite(visitor(), token, { name: "Someone", password: "another-password-1" }));
    expect(again).toMatchObject({ status: 410, code: "invite_used" });
    expect(await db().select().from(user)).toHaveLength(2);
    const [row] = await db().select().from(memberInvites);
    expect(row.acceptedBy).toBe(id);
    const audit = (await auditRows(db())).map((r) => r.action);
    expect(audit).toEqual(["invite_created", "invite_accepted"]);
    expect(JSON.stringify(await auditRows(db()))).not.toContain(PASSWORD);
  });

  test("two acceptances at once make one member", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const { token } = await createInvite(askerOf(db(), owner), KOFI);
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => acceptInvite(visitor(), token, { name: `Kofi ${n}`, password: `${PASSWORD} ${n}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(asProblem((r as PromiseRejectedResult).reason)).toMatchObject({ status: 410, code: "invite_used" });
    expect((await listMembers(db())).filter((m) => m.email === KOFI.email)).toHaveLength(1);
  });

  test("expired, revoked and unknown links are refused with what happened, and make no member", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const then = new Date(Date.now() - (INVITE_HOURS * HOUR + 1000));
    const expired = await createInvite(askerOf(db(), owner), { ...KOFI, email: "old@example.com" }, then);
    const revoked = await createInvite(askerOf(db(), owner), KOFI);
    await revokeInvite(askerOf(db(), owner), revoked.id);
    const accept = (token: string) => apiError(acceptInvite(visitor(), token, { name: "X", password: PASSWORD }));
    expect(await accept(expired.token)).toMatchObject({ status: 410, code: "invite_expired" });
    expect(await accept(revoked.token)).toMatchObject({ status: 410, code: "invite_revoked" });
    expect(await accept(newInviteToken())).toMatchObject({ status: 404, code: "invite_not_found" });
    expect(await accept("../../etc/passwd")).toMatchObject({ status: 404, code: "invite_not_found" });
    expect((await findInvite(db(), revoked.token)).state).toBe("revoked");
    expect((await findInvite(db(), "nope")).state).toBe("unknown");
    expect(await listMembers(db())).toHaveLength(1);
    expect((await auditRows(db())).map((r) => r.action)).toEqual(["invite_created", "invite_created", "invite_revoked"]);
  });

  test("revoking: only an unused invite, once; the owner then may invite the same email again", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const first = await createInvite(askerOf(db(), owner), KOFI);
    expect(await apiError(createInvite(askerOf(db(), owner), KOFI))).toMatchObject({
      status: 409,
      code: "invite_pending",
      fields: { email: expect.any(String) },
    });
    await revokeInvite(askerOf(db(), owner), first.id);
    expect(await apiError(revokeInvite(askerOf(db(), owner), first.id))).toMatchObject({ status: 404 });
    const second = await createInvite(askerOf(db(), owner), KOFI);
    await acceptInvite(visitor(), second.token, { name: KOFI.name, password: PASSWORD });
    expect(await apiError(revokeInvite(askerOf(db(), owner), second.id))).toMatchObject({ status: 404 });
    expect((await auditRows(db())).filter((r) => r.action === "invite_revoked")).toMatchObject([
      { actorId: owner.id, targetId: first.id, detail: { email: KOFI.email } },
    ]);
  });

  test("an email that is already a member cannot be invited; a member made meanwhile makes the link fail cleanly", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    expect(await apiError(createInvite(askerOf(db(), owner), { ...KOFI, email: "ama@example.com" }))).toMatchObject({
      status: 409,
      code: "email_taken",
    });
    const { token } = await createInvite(askerOf(db(), owner), KOFI);
    await makeMember(auth(), KOFI.email, "staff"); // e.g. by `npm run users:add`
    expect(await apiError(acceptInvite(visitor(), token, { name: KOFI.name, password: PASSWORD }))).toMatchObject({
      status: 409,
      code: "email_taken",
    });
    // The claim was undone: the invite is still open (the owner sees it and can revoke it).
    expect((await findInvite(db(), token)).state).toBe("open");
  });

  test("a short password is refused, and the link still works", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const { token } = await createInvite(askerOf(db(), owner), KOFI);
    expect(await apiError(acceptInvite(visitor(), token, { name: KOFI.name, password: "short-pw" }))).toMatchObject({
      status: 422,
      fields: { password: expect.any(String) },
    });
    expect((await findInvite(db(), token)).state).toBe("open");
  });

  test("a new link for an open invite: the old stops working, the new one works, both audited; at the hourly limit nothing changes", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const first = await createInvite(askerOf(db(), owner), KOFI);
    const renewed = await renewInvite(askerOf(db(), owner), first.id);
    expect(renewed).toMatchObject({ name: KOFI.name, token: expect.any(String) });
    expect(renewed.token).not.toBe(first.token);
    expect((await findInvite(db(), first.token)).state).toBe("revoked");
    expect((await findInvite(db(), renewed.token)).state).toBe("open");
    expect((await auditRows(db())).map((r) => r.action).slice(-2)).toEqual(["invite_revoked", "invite_created"]);
    // A used or revoked invite has no new link.
    expect(await apiError(renewInvite(askerOf(db(), owner), first.id))).toMatchObject({ status: 404, code: "not_found" });
    // At the limit the new link cannot be made: the old one stays open, nothing is written.
    for (let i = 0; i < 18; i++) await createInvite(askerOf(db(), owner), { name: `P${i}`, email: `p${i}@example.com`, role: "staff" });
    const before = (await auditRows(db())).length;
    expect(await apiError(renewInvite(askerOf(db(), owner), renewed.id))).toMatchObject({ status: 429, code: "too_many_invites" });
    expect((await findInvite(db(), renewed.token)).state).toBe("open");
    expect((await auditRows(db())).length).toBe(before);
  });

  test("at most 20 invites per owner in any hour, sent all at once too: then 429 with the wait, and nothing written", async () => {
    const owner = await makeMember(auth(), "ama@example.com", "owner");
    const other = await makeMember(auth(), "esi@example.com", "owner");
    const start = new Date("2026-03-01T10:00:00Z");
    const person = (i: number) => ({ name: `Person ${i}`, email: `p${i}@example.com`, role: "staff" as const });
    // 5 early, then 20 at once 30 minutes later: 15 of those fit, 5 are refused.
    for (let i = 0; i < 5; i++) await createInvite(askerOf(db(), owner), person(i), new Date(start.getTime() + i * 1000));
    const at = new Date(start.getTime() + 30 * 60_000);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => createInvite(askerOf(db(), owner), person(100 + i), at)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(15);
    const refused = await Promise.all(results.filter((r) => r.status === "rejected").map((r) => apiError(Promise.reject(r.reason))));
    expect(refused).toHaveLength(5);
    // The oldest of the 20 in the window leaves it 30 minutes later.
    for (const e of refused) expect(asProblem(e)).toMatchObject({ status: 429, code: "too_many_invites", retryAfterSeconds: 1800 });
    expect(refused[0].message).toBe("You have made 20 invites in the last hour, the most there can be. Try again in 30 minutes.");
    expect(await db().select().from(memberInvites)).toHaveLength(20);
    expect((await auditRows(db())).filter((r) => r.action === "invite_created")).toHaveLength(20);
    // Revoking does not give a place back; another owner has places of their own.
    await expect(createInvite(askerOf(db(), other), person(200), at)).resolves.toMatchObject({ token: expect.any(String) });
    // An hour after the first one, its place comes free again: one more, not two.
    const later = new Date(start.getTime() + HOUR + 500);
    await expect(createInvite(askerOf(db(), owner), person(300), later)).resolves.toMatchObject({ token: expect.any(String) });
    expect(await apiError(createInvite(askerOf(db(), owner), person(301), later))).toMatchObject({ status: 429 });
  });
});
