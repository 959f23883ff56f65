// Re-authentication (lib/session/fresh.ts, reauth.ts) with the real Better Auth and the real sign-in
// throttle: a stale proof is refused (JSON for calls, a page for links), a password or a code
// makes it fresh, and wrong answers count against the account exactly as failed sign-ins.
import { eq } from "drizzle-orm";
import { symmetricDecrypt } from "better-auth/crypto";
import { describe, expect, test } from "vitest";
import { freshnessRefusal, isFresh } from "@/lib/session/fresh";
import { reauthenticate } from "@/lib/session/reauth";
import { policyOf } from "@/lib/session/policy";
import type { SignInDeps } from "@/lib/auth/sign-in";
import { SIGN_IN_LIMITS } from "@/lib/auth/throttle";
import { session, twoFactor, user } from "@/lib/db/schema";
import { apiError, auditRows, makeMember, PASSWORD, sessionCookie, TEST_SECRET, useAuth } from "../support/auth";
import { backends } from "../support/db";
import { askerOf, withSignIn } from "../support/asker";
import { EMAIL, IP, signInSetup } from "../support/sign-in";

const POLICY = policyOf(30, 10);
const MIN = 60_000;

test("a proof counts for exactly REAUTH_MINUTES; past it, calls get 403 reauth_required and page navigations a way to /reauth", async () => {
  const provenAt = new Date(Date.now() - 10 * MIN);
  const s = { id: "s1", lastSeenAt: new Date(), provenAt };
  const at = (ms: number) => new Date(provenAt.getTime() + ms);
  expect(isFresh(s, POLICY, at(10 * MIN))).toBe(true);
  expect(freshnessRefusal(new Request("http://x/api/team", { method: "POST" }), s, POLICY, at(10 * MIN))).toBeNull();
  const refused = freshnessRefusal(new Request("http://x/api/team", { method: "POST" }), s, POLICY, at(10 * MIN + 1));
  expect(refused?.status).toBe(403);
  expect(((await refused?.json()) as { error: { code: string } } | undefined)?.error.code).toBe("reauth_required");
  const link = freshnessRefusal(
    new Request("http://x/api/charges/export?status=failed", { headers: { "sec-fetch-mode": "navigate" } }),
    s,
    POLICY,
    at(11 * MIN),
  );
  expect(link?.status).toBe(303);
  expect(link?.headers.get("location")).toBe(`/reauth?next=${encodeURIComponent("/api/charges/export?status=failed")}`);
});

describe.each(backends)("re-authentication on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  async function setup() {
    const me = await makeMember(auth(), EMAIL, "owner");
    const headers = await sessionCookie(auth(), EMAIL);
    const id = (await auth().api.getSession({ headers }))!.session.id;
    await db()
      .update(session)
      .set({ provenAt: new Date(Date.now() - 20 * MIN) })
      .where(eq(session.id, id));
    const proof = async () => (await db().select().from(session).where(eq(session.id, id)))[0].provenAt;
    /** The member asking with this session, through these sign-in deps. */
    const as = (deps: SignInDeps) => withSignIn(askerOf(db(), me, { headers, ip: IP }), deps);
    return { me, headers, id, proof, as, ...signInSetup(db(), auth()) };
  }

  test("the right password makes a stale session fresh, audited; the wrong one is 422 naming the field and counts as a failed sign-in", async () => {
    const { proof, deps, attempt, id, as } = await setup();
    expect(isFresh({ provenAt: await proof() }, POLICY)).toBe(false);
    const wrong = await apiError(reauthenticate(as(deps), id, { password: "not the password" }));
    expect(wrong).toMatchObject({ status: 422, code: "wrong_password", fields: { password: "The password is incorrect" } });
    expect(isFresh({ provenAt: await proof() }, POLICY)).toBe(false);
    await reauthenticate(as(deps), id, { password: PASSWORD });
    expect(isFresh({ provenAt: await proof() }, POLICY)).toBe(true);
    const rows = await auditRows(db());
    expect(rows.map((r) => [r.action, r.detail])).toEqual([
      ["reauth_failed", { method: "password" }],
      ["reauthenticated", { method: "password" }],
    ]);
    expect(JSON.stringify(rows)).not.toContain("not the password");
    // The failure is on the sign-in count: four more wrong sign-ins lock the account.
    for (let n = 0; n < SIGN_IN_LIMITS.failuresPerAccount - 1; n++) await apiError(attempt(`wrong ${n}`));
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 429 });
  });

  test("30 parallel wrong re-authentications: at most 5 passwords are checked, the rest are refused unverified (429)", async () => {
    const { id, proof, deps, as } = await setup();
    let checked = 0;
    const verifyPassword = (async (...args: Parameters<typeof deps.auth.api.verifyPassword>) => {
      checked++;
      return auth().api.verifyPassword(...args);
    }) as typeof deps.auth.api.verifyPassword;
    const counted = { ...deps, auth: { ...deps.auth, api: { ...deps.auth.api, verifyPassword } } };
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, n) => apiError(reauthenticate(as(counted), id, { password: `guess ${n}` }))),
    );
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
    expect(results.filter((e) => e.status === 429).length).toBeGreaterThanOrEqual(30 - SIGN_IN_LIMITS.failuresPerAccount);
    // Locked now: even the right password is refused, and the proof stays stale.
    expect(await apiError(reauthenticate(as(deps), id, { password: PASSWORD }))).toMatchObject({ status: 429 });
    expect(isFresh({ provenAt: await proof() }, POLICY)).toBe(false);
  });

  test("a member with two-factor may use an authenticator code instead; a wrong code counts; without two-factor a code is refused", async () => {
    const { me, headers, id, proof, deps, as } = await setup();
    expect(await apiError(reauthenticate(as(deps), id, { code: "123456" }))).toMatchObject({
      status: 422,
      fields: { code: "Two-factor is not on for your account" },
    });
    await auth().api.enableTwoFactor({ body: { password: PASSWORD }, headers });
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, me.id));
    await db().update(twoFactor).set({ verified: true }).where(eq(twoFactor.userId, me.id));
    const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, me.id));
    const secret = await symmetricDecrypt({ key: TEST_SECRET, data: row.secret });
    const { code } = await auth().api.generateTOTP({ body: { secret } });
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await apiError(reauthenticate(as(deps), id, { code: wrong }))).toMatchObject({
      status: 422,
      code: "wrong_code",
    });
    expect(isFresh({ provenAt: await proof() }, POLICY)).toBe(false);
    await reauthenticate(as(deps), id, { code });
    expect(isFresh({ provenAt: await proof() }, POLICY)).toBe(true);
    // The same code again (seen over a shoulder, or sent twice) proves nothing: refused unchecked.
    expect(await apiError(reauthenticate(as(deps), id, { code }))).toMatchObject({
      status: 422,
      code: "code_reused",
      fields: { code: "That code was already used" },
    });
    expect((await auditRows(db())).map((r) => [r.action, r.detail])).toEqual([
      ["reauth_failed", { method: "code" }],
      ["reauthenticated", { method: "code" }],
      ["reauth_failed", { method: "code", reason: "code_reused" }],
    ]);
  });
});
