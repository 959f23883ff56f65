// The team on a real database with a real Better Auth: first-run set-up, adding and listing
// members. Changes to a member (role, deactivation) are in member-changes.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { addMember, isSetUp, listMembers, setUpOwner } from "@/lib/team/members";
import type { Member } from "@/lib/access/types";
import { appSecrets, user } from "@/lib/db/schema";
import { apiError, auditRows, makeMember, PASSWORD, sessionCookie, useAuth } from "../support/auth";
import { askerOf, visitorOf, withAuth } from "../support/asker";
import { backends } from "../support/db";
import { asProblem } from "../support/auth";

const owner = { name: "Ama Owner", email: "ama@example.com", password: PASSWORD };

describe.each(backends)("team set-up and members on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  /** Anyone, as the set-up and invite routes take them: no member yet. */
  const visitor = () => withAuth(visitorOf(db()), auth());
  const by = (actor: Member) => withAuth(askerOf(db(), actor), auth());

  test("set-up creates the owner, who can sign in; it is then done", async () => {
    expect(await isSetUp(db())).toBe(false);
    const id = await setUpOwner(visitor(), owner);
    expect(await isSetUp(db())).toBe(true);
    expect(await listMembers(db())).toEqual([
      { id, name: "Ama Owner", email: "ama@example.com", role: "owner", active: true, createdAt: expect.any(String) },
    ]);
    const session = await auth().api.getSession({ headers: await sessionCookie(auth(), owner.email) });
    expect(session?.user.id).toBe(id);
    const rows = await auditRows(db());
    expect(rows).toMatchObject([{ action: "owner_created", actorId: id, actorEmail: owner.email, targetId: id }]);
  });

  test("a second set-up is refused with 404 and makes no second owner", async () => {
    await setUpOwner(visitor(), owner);
    const error = await apiError(setUpOwner(visitor(), { ...owner, email: "kofi@example.com" }));
    expect(error).toMatchObject({ status: 404, code: "not_found" });
    expect((await listMembers(db())).map((m) => m.email)).toEqual(["ama@example.com"]);
  });

  test("two set-ups at once: exactly one owner, the other gets 404", async () => {
    const results = await Promise.allSettled([
      setUpOwner(visitor(), owner),
      setUpOwner(visitor(), { ...owner, email: "kofi@example.com" }),
      setUpOwner(visitor(), { ...owner, email: "esi@example.com" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(asProblem((r as PromiseRejectedResult).reason)).toMatchObject({ status: 404, code: "not_found" });
    }
    const members = await listMembers(db());
    expect(members).toHaveLength(1);
    expect(members[0].role).toBe("owner");
  });

  test("a set-up that fails (email refused by Better Auth) can be tried again", async () => {
    await expect(setUpOwner(visitor(), { ...owner, email: "not an email" })).rejects.toThrow();
    expect(await isSetUp(db())).toBe(false);
    expect(await db().select().from(appSecrets).where(eq(appSecrets.name, "setup_done"))).toHaveLength(0);
    await setUpOwner(visitor(), owner);
    expect(await isSetUp(db())).toBe(true);
  });

  test("set-up is done once any member exists (e.g. made by `npm run users:add`)", async () => {
    await makeMember(auth(), "kofi@example.com", "staff");
    expect(await isSetUp(db())).toBe(true);
    expect(await apiError(setUpOwner(visitor(), owner))).toMatchObject({ status: 404 });
  });

  test("addMember creates a member with that role, active, and audits it", async () => {
    const actor = await makeMember(auth(), "ama@example.com", "owner");
    const staffId = await addMember(by(actor), { name: "Kofi", email: "kofi@example.com", password: PASSWORD, role: "staff" });
    const supportId = await addMember(by(actor), { name: "Esi", email: "esi@example.com", password: PASSWORD, role: "support" });

    const members = await listMembers(db());
    expect(members.map(({ id, email, role, active }) => ({ id, email, role, active }))).toEqual([
      { id: actor.id, email: "ama@example.com", role: "owner", active: true },
      { id: staffId, email: "kofi@example.com", role: "staff", active: true },
      { id: supportId, email: "esi@example.com", role: "support", active: true },
    ]);
    for (const m of members) expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);

    const rows = await auditRows(db());
    expect(rows).toMatchObject([
      {
        action: "member_added",
        actorId: actor.id,
        actorEmail: actor.email,
        targetId: staffId,
        detail: { email: "kofi@example.com", role: "staff" },
      },
      { action: "member_added", actorId: actor.id, targetId: supportId, detail: { email: "esi@example.com", role: "support" } },
    ]);
    // no password (or hash) ends up in the audit log
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  test("a password shorter than 12 characters is refused below the forms too", async () => {
    const actor = await makeMember(auth(), "ama@example.com", "owner");
    const error = await apiError(addMember(by(actor), { name: "Kofi", email: "kofi@example.com", password: "short-pw", role: "staff" }));
    expect(error).toMatchObject({ status: 422, fields: { password: "Use at least 12 characters" } });
    expect((await listMembers(db())).map((m) => m.email)).toEqual(["ama@example.com"]);
  });

  test("the new member can sign in with the password given", async () => {
    const actor = await makeMember(auth(), "ama@example.com", "owner");
    const id = await addMember(by(actor), { name: "Kofi", email: "kofi@example.com", password: PASSWORD, role: "support" });
    const session = await auth().api.getSession({ headers: await sessionCookie(auth(), "kofi@example.com") });
    expect(session?.user).toMatchObject({ id, role: "support" });
  });

  test.each(["kofi@example.com", "KOFI@example.com"])("a second member with %s → 409 email_taken", async (email) => {
    const actor = await makeMember(auth(), "ama@example.com", "owner");
    await addMember(by(actor), { name: "Kofi", email: "kofi@example.com", password: PASSWORD, role: "staff" });
    const error = await apiError(addMember(by(actor), { name: "Other", email, password: PASSWORD, role: "owner" }));
    expect(error).toMatchObject({ status: 409, code: "email_taken", fields: { email: expect.any(String) } });
    expect(await db().select().from(user)).toHaveLength(2);
    expect((await auditRows(db())).map((r) => r.action)).toEqual(["member_added"]);
  });

  test("listMembers shows a deactivated member as inactive", async () => {
    const m = await makeMember(auth(), "kofi@example.com", "staff");
    await db().update(user).set({ banned: true }).where(eq(user.id, m.id));
    expect(await listMembers(db())).toMatchObject([{ id: m.id, active: false }]);
  });
});
