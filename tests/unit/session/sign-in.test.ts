// Signing in and out (lib/auth/sign-in.ts) with the real Better Auth on the test database: the
// session and its audit row, refusals that give nothing away, deactivated members, signing out.
import { describe, expect, test, vi } from "vitest";
import { changeMember } from "@/lib/team/members";
import { signOut } from "@/lib/auth/sign-in";
import { apiError, auditRows, cookieFrom, makeMember, PASSWORD, sessionCount, useAuth } from "../support/auth";
import { askerOf, withAuth } from "../support/asker";
import { backends } from "../support/db";
import { EMAIL, IP, signInSetup } from "../support/sign-in";

describe.each(backends)("signIn and signOut on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  const setup = () => signInSetup(db(), auth());

  test("the right password: a session cookie Better Auth accepts, and an audit row", async () => {
    const kofi = await makeMember(auth(), EMAIL, "staff");
    const { attempt, slept } = setup();
    const { cookies: headers, role } = await attempt(PASSWORD);
    expect(role).toBe("staff");
    const cookie = headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await auth().api.getSession({ headers: cookieFrom(headers) });
    expect(session?.user).toMatchObject({ id: kofi.id, email: EMAIL, role: "staff" });
    expect(slept).toEqual([]);
    expect(await auditRows(db())).toMatchObject([{ action: "sign_in", actorId: kofi.id, actorEmail: EMAIL, ip: IP }]);
  });

  test("a wrong password → 401 invalid_credentials, audited, no session", async () => {
    const kofi = await makeMember(auth(), EMAIL, "staff");
    const error = await apiError(setup().attempt("wrong password here"));
    expect(error).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(await sessionCount(db(), kofi.id)).toBe(0);
    expect(await auditRows(db())).toMatchObject([{ action: "sign_in_failed", actorId: null, actorEmail: EMAIL, ip: IP }]);
    expect(JSON.stringify(await auditRows(db()))).not.toContain("wrong password here");
  });

  test("Better Auth's own warnings are our JSON log lines, with no argument it passed along", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const printed = vi.mocked(console.log).mock.calls.length;
    const others: string[] = [];
    const spies = (["warn", "error", "info"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((line: unknown) => void others.push(String(line))),
    );
    try {
      await apiError(setup().attempt("wrong password here"));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // Nothing of Better Auth's own coloured text; its warning came as one of our JSON lines.
    expect(others).toEqual([]);
    const lines = vi
      .mocked(console.log)
      .mock.calls.slice(printed)
      .map((args) => String(args[0]));
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const ours = lines.filter((l) => l.includes("better_auth")).map((l) => JSON.parse(l));
    expect(ours).toContainEqual(expect.objectContaining({ level: "warn", event: "better_auth", message: expect.any(String) }));
    expect(lines.join("\n")).not.toContain("wrong password here");
  });

  test("an unknown email gets exactly the same answer (no hint the account is missing)", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { attempt } = setup();
    const wrong = await apiError(attempt("wrong password here"));
    const unknown = await apiError(attempt(PASSWORD, "nobody@example.com"));
    expect({ ...unknown, message: unknown.message }).toEqual({ ...wrong, message: wrong.message });
    expect((await auditRows(db())).map((r) => r.action)).toEqual(["sign_in_failed", "sign_in_failed"]);
  });

  test("a deactivated member: right password → 403 deactivated; wrong one → 401 as usual", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), EMAIL, "staff");
    await changeMember(askerOf(db(), ama), kofi.id, { active: false });
    const { attempt } = setup();
    expect(await apiError(attempt("wrong password here"))).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 403, code: "deactivated" });
    expect(await sessionCount(db(), kofi.id)).toBe(0);
  });

  test("signOut ends the session, clears the cookie and is audited", async () => {
    const kofi = await makeMember(auth(), EMAIL, "staff");
    const { attempt } = setup();
    const cookie = cookieFrom((await attempt(PASSWORD)).cookies);
    const other = cookieFrom((await attempt(PASSWORD)).cookies);
    const out = await signOut(withAuth(askerOf(db(), kofi, { headers: cookie, ip: IP }), auth()));
    expect(out.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await auth().api.getSession({ headers: cookie })).toBeNull();
    // only that session: the member's other browser stays signed in
    expect((await auth().api.getSession({ headers: other }))?.user.id).toBe(kofi.id);
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "sign_out", actorId: kofi.id, ip: IP });
  });
});
