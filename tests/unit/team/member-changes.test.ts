// Changing a member (lib/team/members.ts changeMember) on a real database with a real Better
// Auth: roles, deactivation ending sessions at once, the last-owner rule, the audit trail.
import { describe, expect, test } from "vitest";
import { changeMember, listMembers } from "@/lib/team/members";
import { apiError, auditRows, makeMember, sessionCookie, sessionCount, useAuth } from "../support/auth";
import { askerOf } from "../support/asker";
import { backends } from "../support/db";
import { asProblem } from "../support/auth";

describe.each(backends)("changeMember on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  const member = async (id: string) => (await listMembers(db())).find((m) => m.id === id)!;
  const owners = async () => (await listMembers(db())).filter((m) => m.role === "owner" && m.active);

  test("a role change shows in the list, in the live session, and in the audit log", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "staff");
    const cookie = await sessionCookie(auth(), kofi.email);

    await changeMember(askerOf(db(), ama), kofi.id, { role: "support" });
    expect(await member(kofi.id)).toMatchObject({ role: "support", active: true });
    // no cookie cache: the session already carries the new role
    expect((await auth().api.getSession({ headers: cookie }))?.user).toMatchObject({ id: kofi.id, role: "support" });
    expect(await auditRows(db())).toMatchObject([
      {
        action: "role_changed",
        actorId: ama.id,
        actorEmail: ama.email,
        targetId: kofi.id,
        detail: { email: kofi.email, from: "staff", to: "support" },
      },
    ]);
  });

  test("deactivating bans the member and ends their sessions at once", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "staff");
    const cookie = await sessionCookie(auth(), kofi.email);
    const other = await sessionCookie(auth(), kofi.email);
    const amaCookie = await sessionCookie(auth(), ama.email);
    expect((await auth().api.getSession({ headers: cookie }))?.user.id).toBe(kofi.id);

    await changeMember(askerOf(db(), ama), kofi.id, { active: false });
    expect(await member(kofi.id)).toMatchObject({ active: false, role: "staff" });
    expect(await auth().api.getSession({ headers: cookie })).toBeNull();
    expect(await auth().api.getSession({ headers: other })).toBeNull();
    expect(await sessionCount(db(), kofi.id)).toBe(0);
    // other members keep theirs
    expect((await auth().api.getSession({ headers: amaCookie }))?.user.id).toBe(ama.id);
    expect(await auditRows(db())).toMatchObject([
      { action: "member_deactivated", actorId: ama.id, targetId: kofi.id, detail: { email: kofi.email } },
    ]);
  });

  test("a deactivated member cannot start a new session; reactivating lets them back in", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "staff");
    await changeMember(askerOf(db(), ama), kofi.id, { active: false });
    await expect(sessionCookie(auth(), kofi.email)).rejects.toMatchObject({ body: { code: "BANNED_USER" } });

    await changeMember(askerOf(db(), ama), kofi.id, { active: true });
    expect(await member(kofi.id)).toMatchObject({ active: true });
    expect((await auth().api.getSession({ headers: await sessionCookie(auth(), kofi.email) }))?.user.id).toBe(kofi.id);
    expect((await auditRows(db())).map((r) => r.action)).toEqual(["member_deactivated", "member_reactivated"]);
  });

  test("role and deactivation in one change write both audit rows; a no-op writes none", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "staff");
    await changeMember(askerOf(db(), ama), kofi.id, { role: "staff", active: true });
    expect(await auditRows(db())).toEqual([]);
    await changeMember(askerOf(db(), ama), kofi.id, { role: "support", active: false });
    expect((await auditRows(db())).map((r) => r.action)).toEqual(["role_changed", "member_deactivated"]);
  });

  test("the last active owner can be neither demoted nor deactivated", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const someone = { id: "someone-else", email: "ops@example.com", name: "Ops", role: "owner" as const };
    expect(await apiError(changeMember(askerOf(db(), ama), ama.id, { role: "staff" }))).toMatchObject({ status: 409, code: "last_owner" });
    expect(await apiError(changeMember(askerOf(db(), someone), ama.id, { active: false }))).toMatchObject({
      status: 409,
      code: "last_owner",
    });
    expect(await member(ama.id)).toMatchObject({ role: "owner", active: true });
    expect(await auditRows(db())).toEqual([]);
  });

  test("a deactivated second owner does not count", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "owner");
    await changeMember(askerOf(db(), ama), kofi.id, { active: false });
    expect(await apiError(changeMember(askerOf(db(), ama), ama.id, { role: "support" }))).toMatchObject({
      status: 409,
      code: "last_owner",
    });
  });

  test("with a second active owner, an owner can be demoted or deactivated", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "owner");
    await changeMember(askerOf(db(), ama), ama.id, { role: "staff" });
    expect(await owners()).toMatchObject([{ id: kofi.id }]);
    await changeMember(askerOf(db(), kofi), kofi.id, { role: "owner" }); // no-op for the last owner is fine
    const esi = await makeMember(auth(), "esi@example.com", "owner");
    await changeMember(askerOf(db(), kofi), esi.id, { active: false });
    expect(await member(esi.id)).toMatchObject({ active: false });
  });

  test("two owners demoting each other at once: at least one stays owner", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "owner");
    const results = await Promise.allSettled([
      changeMember(askerOf(db(), ama), kofi.id, { role: "staff" }),
      changeMember(askerOf(db(), kofi), ama.id, { role: "staff" }),
    ]);
    expect(await owners()).toHaveLength(1);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(asProblem(refused.reason)).toMatchObject({ status: 409, code: "last_owner" });
  });

  test("two owners deactivating each other at once: at least one stays active", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), "kofi@example.com", "owner");
    await Promise.allSettled([
      changeMember(askerOf(db(), ama), kofi.id, { active: false }),
      changeMember(askerOf(db(), kofi), ama.id, { active: false }),
    ]);
    expect(await owners()).toHaveLength(1);
  });

  test("nobody can deactivate themselves, owner or not", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    await makeMember(auth(), "kofi@example.com", "owner");
    const esi = await makeMember(auth(), "esi@example.com", "staff");
    expect(await apiError(changeMember(askerOf(db(), ama), ama.id, { active: false }))).toMatchObject({
      status: 409,
      code: "self_deactivation",
    });
    expect(await apiError(changeMember(askerOf(db(), esi), esi.id, { active: false }))).toMatchObject({
      status: 409,
      code: "self_deactivation",
    });
    expect((await listMembers(db())).every((m) => m.active)).toBe(true);
  });

  test("an unknown member → 404", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    expect(await apiError(changeMember(askerOf(db(), ama), "no-such-id", { role: "staff" }))).toMatchObject({
      status: 404,
      code: "not_found",
    });
  });
});
