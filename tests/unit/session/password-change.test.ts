// A member changing their own password (lib/session/password.ts) with the real Better Auth and the
// real sign-in throttle: every session ends but a fresh one, the old password stops working,
// and a wrong current password counts against the account exactly as a failed sign-in does.
import { describe, expect, test } from "vitest";
import type { Member } from "@/lib/access/types";
import { changePassword } from "@/lib/session/password";
import { SIGN_IN_LIMITS } from "@/lib/auth/throttle";
import { apiError, auditRows, cookieFrom, makeMember, PASSWORD, sessionCookie, sessionCount, useAuth } from "../support/auth";
import { askerOf, withSignIn } from "../support/asker";
import { backends } from "../support/db";
import { EMAIL, IP, signInSetup } from "../support/sign-in";

const NEW_PASSWORD = "a brand new passphrase";

describe.each(backends)("changing your own password on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  const setup = () => {
    const s = signInSetup(db(), auth());
    const change = (headers: Headers, currentPassword: string, newPassword = NEW_PASSWORD) =>
      changePassword(withSignIn(askerOf(db(), kofi, { headers, ip: IP }), s.deps), { currentPassword, newPassword });
    return { ...s, change };
  };
  let kofi: Member;

  test("the right current password: other sessions end, this one gets a fresh session, the new password works and the old does not", async () => {
    kofi = await makeMember(auth(), EMAIL, "staff");
    const here = await sessionCookie(auth(), EMAIL);
    const elsewhere = await sessionCookie(auth(), EMAIL);
    const { change, attempt } = setup();
    const fresh = cookieFrom(await change(here, PASSWORD));
    expect((await auth().api.getSession({ headers: fresh }))?.user.id).toBe(kofi.id);
    expect(await auth().api.getSession({ headers: elsewhere })).toBeNull();
    expect(await auth().api.getSession({ headers: here })).toBeNull();
    expect(await sessionCount(db(), kofi.id)).toBe(1);
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect((await attempt(NEW_PASSWORD)).role).toBe("staff");
    const rows = await auditRows(db());
    expect(rows[0]).toMatchObject({ action: "password_changed", actorId: kofi.id, actorEmail: EMAIL, ip: IP });
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  test("a wrong current password → 422 naming the field, audited; nothing changes", async () => {
    kofi = await makeMember(auth(), EMAIL, "staff");
    const here = await sessionCookie(auth(), EMAIL);
    const error = await apiError(setup().change(here, "not my password at all"));
    expect(error).toMatchObject({ status: 422, code: "wrong_password", fields: { currentPassword: "The current password is incorrect" } });
    expect((await auth().api.getSession({ headers: here }))?.user.id).toBe(kofi.id);
    expect(await auditRows(db())).toMatchObject([{ action: "password_change_failed", actorId: kofi.id, ip: IP }]);
    expect((await setup().attempt(PASSWORD)).role).toBe("staff");
    expect(JSON.stringify(await auditRows(db()))).not.toContain("not my password at all");
  });

  test("wrong current passwords use up the sign-in throttle: after 5, even the right one is refused, and so is signing in", async () => {
    kofi = await makeMember(auth(), EMAIL, "staff");
    const here = await sessionCookie(auth(), EMAIL);
    const { change, attempt, slept } = setup();
    for (let n = 1; n <= SIGN_IN_LIMITS.failuresPerAccount; n++)
      expect(await apiError(change(here, `wrong guess number ${n}`))).toMatchObject({ status: 422 });
    expect(slept).toEqual([1000, 2000]); // slowed down as sign-in is
    const refused = await apiError(change(here, PASSWORD));
    expect(refused).toMatchObject({ status: 429, code: "too_many_attempts" });
    expect(refused.message).toMatch(/Try again in 15 minutes/);
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 429 });
    expect((await auditRows(db())).map((r) => r.action)).toContain("password_change_refused");
    // The password did not change.
    expect((await auth().api.getSession({ headers: here }))?.user.id).toBe(kofi.id);
  });

  test("a success gives its throttle place back: four failures and a success leave room for the owner of the account", async () => {
    kofi = await makeMember(auth(), EMAIL, "staff");
    const here = await sessionCookie(auth(), EMAIL);
    const { change, attempt } = setup();
    for (let n = 1; n <= 4; n++) await apiError(change(here, `wrong guess number ${n}`));
    const fresh = cookieFrom(await change(here, PASSWORD));
    expect(fresh.get("cookie")).toMatch(/session_token=/);
    expect((await attempt(NEW_PASSWORD)).role).toBe("staff");
  });

  test("without a session Better Auth changes nothing (401)", async () => {
    kofi = await makeMember(auth(), EMAIL, "staff");
    expect(await apiError(setup().change(new Headers(), PASSWORD))).toMatchObject({ status: 401 });
    expect((await setup().attempt(PASSWORD)).role).toBe("staff");
  });
});
