// Signing in and out (lib/auth/sign-in.ts) with the real Better Auth and the real throttle on
// the test database; only the wait is replaced, to record the delays instead of sleeping.
import { like, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createAuth, type Auth } from "@/lib/auth/create-auth";
import { changeMember } from "@/lib/auth/members";
import { signIn, signOut, type SignInDeps } from "@/lib/auth/sign-in";
import { createSignInThrottle, SIGN_IN_LIMITS } from "@/lib/auth/throttle";
import { openDb, type Db } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";
import { apiError, auditRows, cookieFrom, countingAuth, makeMember, PASSWORD, sessionCount, TEST_SECRET, useAuth } from "./support/auth";
import { backends } from "./support/db";

const IP = "203.0.113.9";
const EMAIL = "kofi@example.com";

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
        (e: { status?: number }) => e.status,
      );
    }),
  );
  const checked = counted.flatMap((c) => c.checked);
  return { outcomes, checked, wrongChecked: checked.filter((p) => p !== PASSWORD).length };
}

describe.each(backends)("signIn and signOut on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  function setup() {
    const slept: number[] = [];
    const deps = {
      db: db(),
      auth: auth(),
      throttle: createSignInThrottle(db()),
      sleep: async (ms: number) => void slept.push(ms),
    };
    const attempt = (password: string, email = EMAIL, ip: string | null = IP) =>
      signIn(deps, { email, password }, { headers: new Headers(), ip });
    return { deps, slept, attempt };
  }

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

  test("an unknown email gets exactly the same answer (no hint the account is missing)", async () => {
    await makeMember(auth(), EMAIL, "staff");
    const { attempt } = setup();
    const wrong = await apiError(attempt("wrong password here"));
    const unknown = await apiError(attempt(PASSWORD, "nobody@example.com"));
    expect({ ...unknown, message: unknown.message }).toEqual({ ...wrong, message: wrong.message });
    expect((await auditRows(db())).map((r) => r.action)).toEqual(["sign_in_failed", "sign_in_failed"]);
  });

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
    const retryAfter = Number(new Headers(error.headers).get("Retry-After"));
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

  test("a deactivated member: right password → 403 deactivated; wrong one → 401 as usual", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "owner");
    const kofi = await makeMember(auth(), EMAIL, "staff");
    await changeMember(db(), ama, kofi.id, { active: false });
    const { attempt } = setup();
    expect(await apiError(attempt("wrong password here"))).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(await apiError(attempt(PASSWORD))).toMatchObject({ status: 403, code: "deactivated" });
    expect(await sessionCount(db(), kofi.id)).toBe(0);
  });

  test("signOut ends the session, clears the cookie and is audited", async () => {
    const kofi = await makeMember(auth(), EMAIL, "staff");
    const { deps, attempt } = setup();
    const cookie = cookieFrom((await attempt(PASSWORD)).cookies);
    const other = cookieFrom((await attempt(PASSWORD)).cookies);
    const out = await signOut(deps, kofi, { headers: cookie, ip: IP });
    expect(out.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await auth().api.getSession({ headers: cookie })).toBeNull();
    // only that session: the member's other browser stays signed in
    expect((await auth().api.getSession({ headers: other }))?.user.id).toBe(kofi.id);
    expect((await auditRows(db())).at(-1)).toMatchObject({ action: "sign_out", actorId: kofi.id, ip: IP });
  });
});
