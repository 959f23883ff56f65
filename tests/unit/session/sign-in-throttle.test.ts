// Signing in (lib/auth/sign-in.ts) with the real Better Auth and the real throttle on the test
// database: growing delays, lockouts per account and per address, races between attempts and
// instances. Only the wait is replaced, to record the delays instead of sleeping.
import { like, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createAuth, type Auth } from "@/lib/auth/create-auth";
import { signIn, type SignInDeps } from "@/lib/auth/sign-in";
import { createSignInThrottle, SIGN_IN_LIMITS } from "@/lib/auth/throttle";
import { openDb, type Db } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";
import { apiError, auditRows, countingAuth, makeMember, PASSWORD, sessionCount, TEST_SECRET, useAuth } from "../support/auth";
import { backends } from "../support/db";
import { EMAIL, IP, signInSetup } from "../support/sign-in";
import { statusOfError } from "../support/auth";

/** 29 wrong passwords and the right one, in random order. */
function thirtyPasswords(): string[] {
  const list = [...Array.from({ length: 29 }, (_, i) => `wrong password ${i}`), PASSWORD];
  return list
    .map((p) => ({ p, r: Math.random() }))
    .sort((a, b) => a.r - b.r)
    .map(({ p }) => p);
}

/** App instances (each its own Better Auth and throttle) signing in at once, passwords dealt in turn. */
async function race(instances: { db: Db; auth: Auth }[], passwords: string[]) {
  const counted = instances.map(({ db, auth }) => ({ db, ...countingAuth(auth), throttle: createSignInThrottle(db) }));
  const outcomes = await Promise.all(
    passwords.map((password, n) => {
      const deps: SignInDeps = { ...counted[n % counted.length], sleep: async () => {} };
      return signIn(deps, { email: EMAIL, password }, { headers: new Headers(), ip: IP }).then(
        () => 200,
        (e: unknown) => statusOfError(e),
      );
    }),
  );
  const checked = counted.flatMap((c) => c.checked);
  return { outcomes, checked, wrongChecked: checked.filter((p) => p !== PASSWORD).length };
}

describe.each(backends)("signIn and signOut on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  const setup = () => signInSetup(db(), auth());

  test("from the 3rd failure on, the next attempts wait longer and longer", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { attempt, slept } = setup();
    for (let i = 0; i < 5; i++) expect(await apiError(attempt("wrong password here"))).toMatchObject({ status: 401 });
    // attempts 1–3 at once, then 1 s, then 2 s (after 3 and 4 failures)
    expect(slept).toEqual([1_000, 2_000]);
    for (const ms of slept) expect(ms).toBeLessThanOrEqual(SIGN_IN_LIMITS.maxDelayMs);
  });

  test("after 5 failures even the right password → 429 with Retry-After, audited", async () => {
    const kofi = await makeMember(auth(), EMAIL, "staff");
    const { attempt } = setup();
    for (let i = 0; i < 5; i++) await apiError(attempt("wrong password here"));
    const error = await apiError(attempt(PASSWORD));
    expect(error).toMatchObject({ status: 429, code: "too_many_attempts" });
    const retryAfter = Number(error.retryAfterSeconds);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
    expect(error.message).toMatch(/15 minutes/);
    expect(await sessionCount(db(), kofi.id)).toBe(0);
    const last = (await auditRows(db())).at(-1);
    expect(last).toMatchObject({ action: "sign_in_refused", actorEmail: EMAIL, ip: IP, detail: { retryAfterSeconds: retryAfter } });
  });

  test("30 sign-ins at once, 29 wrong: at most 5 wrong passwords are checked, the rest get 429", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { outcomes, checked, wrongChecked } = await race([{ db: db(), auth: auth() }], thirtyPasswords());
    // The promise counts failures; a success hands its place back, so if it finished before
    // the last attempt took its place, one more could be checked: 5 wrong + the right one.
    expect(wrongChecked).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
    expect(checked.length).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount + 1);
    expect(outcomes.filter((s) => s !== 429).length).toBe(checked.length);
  });

  test.runIf(backend.name === "postgres")("the same across two instances on one PostgreSQL", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const opened = await Promise.all([0, 1].map(() => openDb({ databaseUrl: process.env.TEST_DATABASE_URL! })));
    try {
      const instances = opened.map(({ db }) => ({ db, auth: createAuth({ db, secret: TEST_SECRET }) }));
      const { checked, wrongChecked } = await race(instances, thirtyPasswords());
      expect(wrongChecked).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
      expect(checked.length).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount + 1);
    } finally {
      await Promise.all(opened.map((o) => o.close()));
    }
  });

  test("a success gives back its own place only: 4 failures, a success, then the 5th failure locks", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { attempt, slept } = setup();
    for (let i = 0; i < 4; i++) await apiError(attempt("wrong password here"));
    await attempt(PASSWORD);
    slept.length = 0;
    expect(await apiError(attempt("wrong password here"))).toMatchObject({ status: 401 });
    expect(slept).toEqual([2_000]); // 4 failures before it, as if the success had not been
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 429 });
  });

  test("a success whose window ran out meanwhile gives nothing back (no extra try)", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { attempt, deps } = setup();
    for (let i = 0; i < 4; i++) await apiError(attempt("wrong password here"));
    const ageing = countingAuth(auth(), async () => {
      await db()
        .update(rateLimits)
        .set({ expire: sql`now() - interval '1 second'` })
        .where(like(rateLimits.key, `%:${EMAIL}`));
    });
    await signIn({ ...deps, auth: ageing.auth }, { email: EMAIL, password: PASSWORD }, { headers: new Headers(), ip: null });
    // A fresh window: five failures, then even the right password is refused.
    for (let i = 0; i < 5; i++) expect(await apiError(attempt("wrong password here"))).toMatchObject({ status: 401 });
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 429 });
  });

  test("an error that is not a refusal (the database down) keeps the place taken", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { deps } = setup();
    const broken = countingAuth(auth(), () => Promise.reject(new Error("connection lost")));
    await expect(
      signIn({ ...deps, auth: broken.auth }, { email: EMAIL, password: PASSWORD }, { headers: new Headers(), ip: null }),
    ).rejects.toThrow("connection lost");
    const rows = await db()
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%:${EMAIL}`));
    expect(rows.map((r) => r.points)).toEqual([1]);
  });

  test("many failures from one address lock it for every email", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { attempt, deps } = setup();
    // 19 failures recorded straight into the throttle (each real attempt costs a password hash),
    // the 20th through signIn
    for (let i = 1; i < SIGN_IN_LIMITS.failuresPerAddress; i++) {
      const verdict = await deps.throttle.take(`guess${i}@example.com`, IP);
      if (verdict.allowed) await deps.throttle.recordFailure(`guess${i}@example.com`, IP, verdict.place);
    }
    expect(await apiError(attempt(PASSWORD, "guess0@example.com"))).toMatchObject({ status: 401 });
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 429 });
    await attempt(PASSWORD, EMAIL, "198.51.100.1");
  });
});
