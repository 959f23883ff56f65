// Enrolment, the per-role policy and its gate, turning off, new recovery codes and the owner's
// reset (lib/two-factor/*.ts), with the real Better Auth and plugin on the test database.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withPasswordProof } from "@/lib/auth/password-proof";
import { mustEnrol, setTwoFactorRoles, twoFactorRoles } from "@/lib/two-factor/policy";
import { confirmEnrolment, disableTwoFactor, regenerateRecoveryCodes, startEnrolment } from "@/lib/two-factor/enrol";
import { resetTwoFactor } from "@/lib/two-factor/reset";
import { twoFactorPolicySchema } from "@/lib/two-factor/schema";
import { twoFactor, user } from "@/lib/db/schema";
import { apiError, auditRows, makeMember, PASSWORD, sessionCookie, sessionCount, useAuth } from "../support/auth";
import { askerOf, withSignIn } from "../support/asker";
import { backends } from "../support/db";
import { IP, signInSetup } from "../support/sign-in";
import { appFor, enrolledMember } from "../support/two-factor";

describe.each(backends)("two-factor enrolment, policy and reset on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  test("the default policy: owner and support must enrol, staff need not; the owner's choice applies at once", async () => {
    expect(await twoFactorRoles(db())).toEqual(["owner", "support"]);
    const staff = await makeMember(auth(), "ama@example.com", "staff");
    const support = await makeMember(auth(), "esi@example.com", "support");
    expect(await mustEnrol(db(), { id: staff.id, role: "staff" })).toBe(false);
    expect(await mustEnrol(db(), { id: support.id, role: "support" })).toBe(true);
    const owner = await makeMember(auth(), "kofi@example.com", "owner");
    await setTwoFactorRoles(askerOf(db(), owner, { ip: IP }), ["staff", "owner", "staff"]);
    expect(await twoFactorRoles(db())).toEqual(["owner", "staff"]);
    expect(await mustEnrol(db(), { id: staff.id, role: "staff" })).toBe(true);
    expect(await mustEnrol(db(), { id: support.id, role: "support" })).toBe(false);
    expect((await auditRows(db())).at(-1)).toMatchObject({
      action: "two_factor_policy_changed",
      actorId: owner.id,
      ip: IP,
      detail: { before: ["owner", "support"], after: ["owner", "staff"] },
    });
    const enrolled = await enrolledMember(auth(), "yaw@example.com", "staff");
    expect(await mustEnrol(db(), { id: enrolled.id, role: "staff" })).toBe(false);
  });

  test("the policy's body is validated: unknown roles, wrong types and too many entries name the field", () => {
    for (const body of [{ roles: ["admin"] }, { roles: "owner" }, {}, { roles: ["owner", "staff", "support", "owner"] }, { roles: [1] }]) {
      const parsed = twoFactorPolicySchema.safeParse(body);
      expect(parsed.success, JSON.stringify(body)).toBe(false);
      expect(parsed.error?.issues[0].path[0]).toBe("roles");
    }
    expect(twoFactorPolicySchema.parse({ roles: [] })).toEqual({ roles: [] });
  });

  test("enrolment: password → secret once; a wrong code changes nothing; the right one turns it on with 10 recovery codes, once", async () => {
    const m = await makeMember(auth(), "ama@example.com", "support");
    const { deps } = signInSetup(db(), auth());
    const headers = await sessionCookie(auth(), m.email);
    const who = withSignIn(askerOf(db(), m, { headers, ip: IP }), deps);
    expect(await apiError(startEnrolment(who, "not my password"))).toMatchObject({
      status: 422,
      fields: { password: expect.any(String) },
    });
    const { uri, secret } = await startEnrolment(who, PASSWORD);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const app = appFor(uri);
    expect(app.secret).toBe(secret);
    expect(await apiError(confirmEnrolment(who, String((Number(app.code()) + 1) % 1e6).padStart(6, "0")))).toMatchObject({
      status: 422,
    });
    expect(await mustEnrol(db(), m)).toBe(true);
    const { cookies, recoveryCodes } = await confirmEnrolment(who, app.code());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(cookies.getSetCookie().length).toBeGreaterThan(0);
    expect(await mustEnrol(db(), m)).toBe(false);
    // Never again: neither the secret nor the codes.
    // Asked again, with the session that enrolled: refused before anything is made or shown.
    expect(await apiError(startEnrolment(who, PASSWORD))).toMatchObject({ status: 409 });
    expect(await apiError(confirmEnrolment(who, app.code()))).toMatchObject({ status: 409 });
    const rows = JSON.stringify(await auditRows(db()));
    expect(rows).toContain("two_factor_enabled");
    for (const c of recoveryCodes) expect(rows).not.toContain(c);
    expect(rows).not.toContain(secret);
  });

  test("turning off is refused while the role requires it", async () => {
    const { deps } = signInSetup(db(), auth());
    const support = await enrolledMember(auth(), "esi@example.com", "support");
    const asSupport = withSignIn(askerOf(db(), support, { ip: IP }), deps);
    expect(await apiError(disableTwoFactor(asSupport, PASSWORD))).toMatchObject({
      status: 403,
      code: "two_factor_required",
    });
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, support.id))).toHaveLength(1);
  });

  test("a wrong password for these steps counts against the sign-in throttle", async () => {
    const m = await makeMember(auth(), "ama@example.com", "staff");
    const { deps, attempt } = signInSetup(db(), auth());
    for (let i = 0; i < 5; i++) {
      const refusal = Object.assign(new Error("Invalid password"), {
        name: "APIError",
        status: "BAD_REQUEST",
        body: { code: "INVALID_PASSWORD" },
      });
      await apiError(withPasswordProof(deps, m, "recovery_codes", IP, () => Promise.reject(refusal)));
    }
    expect(await apiError(attempt(PASSWORD, m.email))).toMatchObject({ status: 429 });
    expect((await auditRows(db())).filter((r) => r.action === "password_check_failed")).toHaveLength(5);
  });

  test("the owner resets a member's factor: secret gone, flag off, sessions ended, audited; not their own; unknown → 404", async () => {
    const owner = await makeMember(auth(), "kofi@example.com", "owner");
    const asOwner = askerOf(db(), owner, { ip: IP });
    const esi = await enrolledMember(auth(), "esi@example.com", "support");
    expect(await sessionCount(db(), esi.id)).toBe(1);
    await resetTwoFactor(asOwner, esi.id);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, esi.id))).toHaveLength(0);
    const [row] = await db().select().from(user).where(eq(user.id, esi.id));
    expect(row.twoFactorEnabled).toBe(false);
    expect(await sessionCount(db(), esi.id)).toBe(0);
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "two_factor_reset", actorId: owner.id, targetId: esi.id, ip: IP });
    expect(await mustEnrol(db(), { id: esi.id, role: "support" })).toBe(true);
    expect(await apiError(resetTwoFactor(asOwner, esi.id))).toMatchObject({ status: 409 });
    expect(await apiError(resetTwoFactor(asOwner, owner.id))).toMatchObject({ status: 422, code: "own_factor" });
    expect(await apiError(resetTwoFactor(asOwner, "nobody"))).toMatchObject({ status: 404 });
  });
});

// regenerateRecoveryCodes and disableTwoFactor with a live session: the member's session from
// before enrolment stays valid (the plugin replaces it), so the flow below uses that one.
describe.each(backends)("own recovery codes and turning off on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  test("new recovery codes replace the old; turning off (staff) removes the factor", async () => {
    const m = await makeMember(auth(), "ama@example.com", "staff");
    const { deps } = signInSetup(db(), auth());
    const headers = await sessionCookie(auth(), m.email);
    const who = withSignIn(askerOf(db(), m, { headers, ip: IP }), deps);
    const { uri } = await startEnrolment(who, PASSWORD);
    const { cookies, recoveryCodes } = await confirmEnrolment(who, appFor(uri).code());
    const session = new Headers({
      cookie: cookies
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
    const withSession = withSignIn(askerOf(db(), m, { headers: session, ip: IP }), deps);
    expect(await apiError(regenerateRecoveryCodes(withSession, "not my password"))).toMatchObject({
      status: 422,
    });
    const fresh = await regenerateRecoveryCodes(withSession, PASSWORD);
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "recovery_codes_regenerated", actorId: m.id });
    await disableTwoFactor(withSession, PASSWORD);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, m.id))).toHaveLength(0);
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "two_factor_disabled", actorId: m.id });
  });
});
