// The sign-in throttle on the real database: places taken before the password is checked,
// per account and per address, delays, locks, give-backs and the 15-minute window (moved by
// ageing the stored row, never by sleeping).
import { like, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createSignInThrottle, SIGN_IN_LIMITS, type Place, type SignInThrottle, type ThrottleVerdict } from "@/lib/auth/throttle";
import { rateLimits } from "@/lib/db/schema";
import type { Db } from "@/lib/db/open";
import { takeAttempt } from "@/lib/auth/sign-in";
import { backends, useLedger } from "../support/db";
import { countOf } from "../support/metrics";

const IP = "203.0.113.7";
const EMAIL = "ama@example.com";

function allowed(verdict: ThrottleVerdict) {
  if (!verdict.allowed) throw new Error(`refused for ${verdict.retryAfterSeconds} s`);
  return verdict;
}

/** Attempts whose password turns out wrong: each takes its place, then records the failure. */
async function fail(t: SignInThrottle, email: string, times: number, ip: string | null = IP) {
  for (let i = 0; i < times; i++) await t.recordFailure(email, ip, allowed(await t.take(email, ip)).place);
}

async function points(db: Db, keyPart: string): Promise<number | undefined> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(like(rateLimits.key, `%:${keyPart}`));
  return row?.points;
}

/** Moves a counter's window into the past, as if 15 minutes had gone by. */
async function expire(db: Db, keyPart: string) {
  const moved = await db
    .update(rateLimits)
    .set({ expire: sql`now() - interval '1 second'` })
    .where(like(rateLimits.key, `%:${keyPart}`))
    .returning();
  expect(moved.length).toBe(1);
}

describe.each(backends)("sign-in throttle on $name", (backend) => {
  const db = useLedger(backend);
  const throttle = () => createSignInThrottle(db());

  test("a first attempt is allowed at once and holds place 1 on each count", async () => {
    expect(await throttle().take(EMAIL, IP)).toEqual({
      allowed: true,
      delayMs: 0,
      place: { account: 1, address: 1, takenAt: expect.any(Date) },
    });
    expect(await throttle().take("kofi@example.com", null)).toMatchObject({
      allowed: true,
      delayMs: 0,
      place: { account: 1, address: null },
    });
  });

  test("from the 3rd failure on, each attempt waits 1 s more", async () => {
    const t = throttle();
    const delays: number[] = [];
    for (let failures = 0; failures < SIGN_IN_LIMITS.failuresPerAccount; failures++) {
      const verdict = allowed(await t.take(EMAIL, IP));
      delays.push(verdict.delayMs);
      await t.recordFailure(EMAIL, IP, verdict.place);
    }
    // after 0, 1, 2, 3, 4 failures
    expect(delays).toEqual([0, 0, 0, 1_000, 2_000]);
  });

  test("the 5th failure locks the account for about 15 minutes, from any address", async () => {
    const t = throttle();
    await fail(t, EMAIL, 5);
    for (const ip of [IP, "198.51.100.1", null]) {
      const verdict = await t.take(EMAIL, ip);
      expect(verdict.allowed).toBe(false);
      if (!verdict.allowed) {
        expect(verdict.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
        expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
      }
    }
    expect((await throttle().take(EMAIL, IP)).allowed).toBe(false); // another instance sees it
    expect(await t.take("kofi@example.com", IP)).toMatchObject({ allowed: true, delayMs: 0 });
  });

  test("failures and refused attempts move the metrics' counters (momo_sign_in_failures_total, momo_sign_in_throttled_total)", async () => {
    const counted = async () => [await countOf("momo_sign_in_failures_total"), await countOf("momo_sign_in_throttled_total")];
    const before = await counted();
    const t = throttle();
    await fail(t, EMAIL, 5);
    const refused = { refused: () => ({ action: "sign_in_refused" as const, actorEmail: EMAIL, ip: IP }), say: "failed sign-ins" };
    await expect(takeAttempt({ db: db(), throttle: t }, { email: EMAIL, ip: IP }, refused)).rejects.toMatchObject({
      code: "too_many_attempts",
    });
    expect((await counted()).map((n, i) => n - before[i])).toEqual([5, 1]);
  });

  test("of 30 attempts taken at once, exactly 5 get a place", async () => {
    const t = throttle();
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => t.take(EMAIL, null)));
    const places = verdicts.flatMap((v) => (v.allowed ? [v.place.account] : []));
    expect(places.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  test("a give-back returns exactly one place, on both counts", async () => {
    const t = throttle();
    await fail(t, EMAIL, 3);
    const { place } = allowed(await t.take(EMAIL, IP));
    expect([await points(db(), EMAIL), await points(db(), IP)]).toEqual([4, 4]);
    await t.giveBack(EMAIL, IP, place);
    expect([await points(db(), EMAIL), await points(db(), IP)]).toEqual([3, 3]);
  });

  test("a give-back never goes below 0, and does nothing on an expired row", async () => {
    const t = throttle();
    const { place } = allowed(await t.take(EMAIL, null));
    await t.giveBack(EMAIL, null, place);
    await t.giveBack(EMAIL, null, place);
    expect(await points(db(), EMAIL)).toBe(0);

    await fail(t, EMAIL, 5, null);
    await expire(db(), EMAIL);
    await t.giveBack(EMAIL, null, place);
    expect(await points(db(), EMAIL)).toBe(6);
    // the next attempt opens a fresh window at 1, not at 0 (reward() would have made it −1)
    expect(await t.take(EMAIL, null)).toMatchObject({ allowed: true, place: { account: 1 } });
  });

  test("a place goes back only to the window it was taken in: not to the next, nor past a lock", async () => {
    const t = throttle();
    // Dated a second back: Date counts milliseconds, and this test runs faster than that.
    const aged = (place: Place): Place => ({ ...place, takenAt: new Date(place.takenAt.getTime() - 1_000) });
    const early = aged(allowed(await t.take(EMAIL, null)).place);
    await expire(db(), EMAIL);
    allowed(await t.take(EMAIL, null)); // a new window, opened after that place was taken
    await t.giveBack(EMAIL, null, early);
    expect(await points(db(), EMAIL)).toBe(1);

    const first = aged(allowed(await t.take(EMAIL, null)).place);
    await fail(t, EMAIL, 3, null); // places 3–5: the 5th failure locks, for 15 minutes from now
    await t.giveBack(EMAIL, null, first);
    expect(await points(db(), EMAIL)).toBe(SIGN_IN_LIMITS.failuresPerAccount + 1); // as the lock left it
  });

  test("20 failures from one address across different emails lock that address", async () => {
    const t = throttle();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress - 1; i++) await fail(t, `user${i}@example.com`, 1);
    await fail(t, "user19@example.com", 1);
    const verdict = await t.take("new@example.com", IP);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
    // another address, or none known, may still try that email
    expect(await t.take("new@example.com", "198.51.100.1")).toMatchObject({ allowed: true, place: { account: 1 } });
  });

  test("an attempt the address refuses takes no place on the account", async () => {
    const t = throttle();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++) await fail(t, `user${i}@example.com`, 1);
    for (let i = 0; i < 10; i++) expect((await t.take(EMAIL, IP)).allowed).toBe(false);
    expect(await points(db(), EMAIL)).toBeUndefined();
  });

  test("an attempt the account refuses gives its address place back", async () => {
    const t = throttle();
    await fail(t, EMAIL, 5);
    for (let i = 0; i < 10; i++) expect((await t.take(EMAIL, IP)).allowed).toBe(false);
    expect(await points(db(), IP)).toBe(5);
  });

  test("failures without a known address count against the account only", async () => {
    const t = throttle();
    await fail(t, EMAIL, 5, null);
    expect((await t.take(EMAIL, null)).allowed).toBe(false);
    const rows = await db().select().from(rateLimits);
    expect(rows.map((r) => r.key)).toEqual([`sign_in_account:${EMAIL}`]);
  });

  test("an account's count expires after the window, and a fresh one starts at 1", async () => {
    const t = throttle();
    await fail(t, EMAIL, 5, null);
    await expire(db(), EMAIL);
    expect(await t.take(EMAIL, null)).toMatchObject({ allowed: true, delayMs: 0, place: { account: 1, address: null } });
    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%:${EMAIL}`));
    expect(row.expire!.getTime()).toBeGreaterThan(Date.now() + (SIGN_IN_LIMITS.windowSeconds - 30) * 1000);
  });

  test("an address lock expires after the window", async () => {
    const t = throttle();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++) await fail(t, `user${i}@example.com`, 1);
    expect((await t.take("new@example.com", IP)).allowed).toBe(false);
    await expire(db(), IP);
    expect((await t.take("new@example.com", IP)).allowed).toBe(true);
  });

  test("the lock lasts 15 minutes from the 5th failure, not from the window's start", async () => {
    const t = throttle();
    await fail(t, EMAIL, 4);
    // 14 minutes later (the window ends in one minute) comes the 5th failure
    await db()
      .update(rateLimits)
      .set({ expire: sql`now() + interval '60 seconds'` })
      .where(like(rateLimits.key, `%:${EMAIL}`));
    await fail(t, EMAIL, 1);
    const verdict = await t.take(EMAIL, IP);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
  });
});
