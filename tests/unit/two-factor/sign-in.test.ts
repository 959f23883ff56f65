// The code step of sign-in (lib/two-factor/sign-in.ts) with the real Better Auth, its
// two-factor plugin and the real throttle: codes and passwords share one count, concurrency
// and two instances cannot get more than 5 codes checked, a code and a recovery code work once.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createAuth, type Auth } from "@/lib/auth/create-auth";
import type { SignInDeps } from "@/lib/auth/sign-in";
import { createSignInThrottle, SIGN_IN_LIMITS } from "@/lib/auth/throttle";
import { openDb } from "@/lib/db/open";
import { user } from "@/lib/db/schema";
import { apiError, auditRows, sessionCount, TEST_SECRET, useAuth } from "../support/auth";
import { backends } from "../support/db";
import { EMAIL, IP, signInSetup } from "../support/sign-in";
import { challenge, codeStep, enrolledMember } from "../support/two-factor";
import { verifySignInCode } from "@/lib/two-factor/sign-in";

/** These deps with the plugin's code checks counted. */
function counting(deps: SignInDeps): { deps: SignInDeps; checked: () => number } {
  let n = 0;
  const api = {
    ...deps.auth.api,
    verifyTOTP: ((...a: Parameters<Auth["api"]["verifyTOTP"]>) => {
      n++;
      return deps.auth.api.verifyTOTP(...a);
    }) as Auth["api"]["verifyTOTP"],
  };
  return { deps: { ...deps, auth: { ...deps.auth, api } as Auth }, checked: () => n };
}

/** A wrong code, never the app's code for the periods around now. */
const wrongFor = (right: string[], i: number) => {
  let c = String((Number(right[0]) + 1 + i) % 1_000_000).padStart(6, "0");
  while (right.includes(c)) c = String((Number(c) + 7) % 1_000_000).padStart(6, "0");
  return c;
};

describe.each(backends)("the sign-in code step on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  test("the password alone gives no session; the right code does, audited with the method", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps } = signInSetup(db(), auth());
    const headers = await challenge(deps, EMAIL);
    expect(await sessionCount(db(), kofi.id)).toBe(1); // the enrolment's own session only
    expect(await codeStep(deps, headers, kofi.app.code())).toBe(200);
    expect(await sessionCount(db(), kofi.id)).toBe(2);
    const last = (await auditRows(db())).at(-1);
    expect(last).toMatchObject({ action: "sign_in", actorId: kofi.id, detail: { method: "totp" } });
    expect(JSON.stringify(await auditRows(db()))).not.toContain(kofi.app.code());
  });

  test("a wrong code: 422 naming the field, audited as wrong_code; a forged or missing challenge: 401, nothing checked", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps } = signInSetup(db(), auth());
    const headers = await challenge(deps, EMAIL);
    const wrong = wrongFor([kofi.app.code(-1), kofi.app.code(), kofi.app.code(1)], 0);
    const error = await apiError(verifySignInCode(deps, { code: wrong }, { headers, ip: IP }));
    expect(error).toMatchObject({ status: 422, code: "wrong_code", fields: { code: "The code is incorrect" } });
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "sign_in_failed", detail: { reason: "wrong_code", method: "totp" } });
    const forged = new Headers({ cookie: headers.get("cookie")!.replace(/two_factor=[^.;]+/, "two_factor=2fa-forged") });
    const counted = counting(deps);
    expect(await codeStep(counted.deps, forged, kofi.app.code())).toBe(401);
    expect(await codeStep(counted.deps, new Headers(), kofi.app.code())).toBe(401);
    expect(counted.checked()).toBe(0);
  });

  test("deactivated between the password and the code: 403, no code checked, no session", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps } = signInSetup(db(), auth());
    const headers = await challenge(deps, EMAIL);
    await db().update(user).set({ banned: true }).where(eq(user.id, kofi.id));
    const counted = counting(deps);
    expect(await apiError(verifySignInCode(counted.deps, { code: kofi.app.code(1) }, { headers, ip: IP }))).toMatchObject({
      status: 403,
      code: "deactivated",
    });
    expect(counted.checked()).toBe(0);
    expect(await sessionCount(db(), kofi.id)).toBe(1);
  });

  test("12 wrong codes at once: at most 5 are checked, the rest get 429", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps } = signInSetup(db(), auth());
    // Over twice the limit. Each challenge is a password check (scrypt), one after another:
    // twelve keep the test quick on a busy machine.
    const tries = 12;
    const challenges = [];
    for (let i = 0; i < tries; i++) challenges.push(await challenge(deps, EMAIL, null));
    const right = [kofi.app.code(-1), kofi.app.code(), kofi.app.code(1)];
    const counted = counting(deps);
    const outcomes = await Promise.all(challenges.map((h, i) => codeStep(counted.deps, h, wrongFor(right, i), false, null)));
    expect(counted.checked()).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
    expect(outcomes.filter((s) => s === 429).length).toBeGreaterThanOrEqual(tries - SIGN_IN_LIMITS.failuresPerAccount);
    // Locked now: even the right code, on a challenge still open, is refused unchecked.
    expect(await codeStep(deps, challenges[outcomes.indexOf(429)], kofi.app.code(1), false, null)).toBe(429);
    expect(counted.checked()).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
  });

  test("password failures and code failures share the count", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps, attempt } = signInSetup(db(), auth());
    for (let i = 0; i < 3; i++) await apiError(attempt("wrong password here"));
    const headers = await challenge(deps, EMAIL);
    const right = [kofi.app.code(-1), kofi.app.code(), kofi.app.code(1)];
    expect(await codeStep(deps, headers, wrongFor(right, 1))).toBe(422);
    expect(await codeStep(deps, headers, wrongFor(right, 2))).toBe(422);
    expect(await codeStep(deps, headers, kofi.app.code())).toBe(429);
    expect(await apiError(attempt("correct horse battery"))).toMatchObject({ status: 429 });
  });

  test("a code is accepted once: replayed later, or sent twice at once, only one sign-in", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps } = signInSetup(db(), auth());
    const code = kofi.app.code(1); // not the one enrolment used
    expect(await codeStep(deps, await challenge(deps, EMAIL), code)).toBe(200);
    const replay = await apiError(verifySignInCode(deps, { code }, { headers: await challenge(deps, EMAIL), ip: IP }));
    expect(replay).toMatchObject({ status: 422, code: "code_reused" });
    const next = kofi.app.code(-1);
    const [a, b] = [await challenge(deps, EMAIL), await challenge(deps, EMAIL)];
    const both = await Promise.all([codeStep(deps, a, next), codeStep(deps, b, next)]);
    expect(both.sort()).toEqual([200, 422]);
  });

  test("a recovery code works once, also when sent twice at once; each use audited", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const { deps } = signInSetup(db(), auth());
    const [first, second] = kofi.recovery;
    expect(await codeStep(deps, await challenge(deps, EMAIL), first, true)).toBe(200);
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "recovery_code_used", actorId: kofi.id });
    expect(await codeStep(deps, await challenge(deps, EMAIL), first, true)).toBe(422);
    const [a, b] = [await challenge(deps, EMAIL), await challenge(deps, EMAIL)];
    const both = await Promise.all([codeStep(deps, a, second, true), codeStep(deps, b, second, true)]);
    expect(both.filter((s) => s === 200)).toHaveLength(1);
    expect(JSON.stringify(await auditRows(db()))).not.toContain(second);
  });

  test.runIf(backend.name === "postgres")("12 wrong codes at once across two instances on one PostgreSQL: at most 5 checked", async () => {
    const kofi = await enrolledMember(auth(), EMAIL, "staff");
    const opened = await Promise.all([0, 1].map(() => openDb({ databaseUrl: process.env.TEST_DATABASE_URL! })));
    try {
      const instances = opened.map(({ db }) =>
        counting({ db, auth: createAuth({ db, secret: TEST_SECRET }), throttle: createSignInThrottle(db), sleep: async () => {} }),
      );
      // Over twice the limit, half through each instance, the codes all at once. Each challenge is
      // a password check (scrypt), one after another (attempts at once are the throttle's to
      // refuse): twelve keep the test quick on a busy machine.
      const tries = 12;
      const challenges = [];
      for (let i = 0; i < tries; i++) challenges.push(await challenge(instances[i % 2].deps, EMAIL, null));
      const right = [kofi.app.code(-1), kofi.app.code(), kofi.app.code(1)];
      const outcomes = await Promise.all(challenges.map((h, i) => codeStep(instances[i % 2].deps, h, wrongFor(right, i), false, null)));
      expect(instances[0].checked() + instances[1].checked()).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
      expect(outcomes.filter((s) => s === 429).length).toBeGreaterThanOrEqual(tries - SIGN_IN_LIMITS.failuresPerAccount);
    } finally {
      await Promise.all(opened.map((o) => o.close()));
    }
  });
});
