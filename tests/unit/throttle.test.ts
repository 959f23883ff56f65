// The sign-in throttle on the real database: counts per account and per address, delays,
// locks, and the 15-minute window (moved by ageing the stored row, never by sleeping).
import { like, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createSignInThrottle, SIGN_IN_LIMITS, type SignInThrottle } from "@/lib/auth/throttle";
import { rateLimits } from "@/lib/db/schema";
import type { Db } from "@/lib/db/open";
import { backends, useLedger } from "./support/db";

const IP = "203.0.113.7";

async function fail(t: SignInThrottle, email: string, times: number, ip: string | null = IP) {
  for (let i = 0; i < times; i++) await t.recordFailure(email, ip);
}

/** Moves a counter's window into the past, as if 15 minutes had gone by. */
async function expire(db: Db, keyPart: string) {
  const moved = await db
    .update(rateLimits)
    .set({ expire: sql`now() - interval '1 second'` })
    .where(like(rateLimits.key, `%${keyPart}`))
    .returning();
  expect(moved.length).toBe(1);
}

describe.each(backends)("sign-in throttle on $name", (backend) => {
  const db = useLedger(backend);
  const throttle = () => createSignInThrottle(db());

  test("a first attempt is allowed at once", async () => {
    expect(await throttle().check("ama@example.com", IP)).toEqual({ allowed: true, delayMs: 0 });
    expect(await throttle().check("ama@example.com", null)).toEqual({ allowed: true, delayMs: 0 });
  });

  test("from the 3rd failure on, each attempt waits 1 s more", async () => {
    const t = throttle();
    const delays: number[] = [];
    for (let failures = 0; failures < SIGN_IN_LIMITS.failuresPerAccount; failures++) {
      const verdict = await t.check("ama@example.com", IP);
      expect(verdict.allowed).toBe(true);
      if (verdict.allowed) delays.push(verdict.delayMs);
      await t.recordFailure("ama@example.com", IP);
    }
    // after 0, 1, 2, 3, 4 failures
    expect(delays).toEqual([0, 0, 0, 1_000, 2_000]);
    for (const d of delays) expect(d).toBeLessThanOrEqual(SIGN_IN_LIMITS.maxDelayMs);
  });

  test("the 5th failure locks the account for about 15 minutes", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 5);
    const verdict = await t.check("ama@example.com", IP);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
      expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
    }
    // from any address: the lock is on the account
    expect((await t.check("ama@example.com", "198.51.100.1")).allowed).toBe(false);
    expect((await t.check("ama@example.com", null)).allowed).toBe(false);
  });

  test("failures past the limit keep it locked (consume's rejection is swallowed)", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 8);
    expect((await t.check("ama@example.com", IP)).allowed).toBe(false);
  });

  test("another email is not affected by a locked one", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 5);
    expect(await t.check("kofi@example.com", IP)).toEqual({ allowed: true, delayMs: 0 });
  });

  test("the count is kept in the database: a new throttle (another instance) sees it", async () => {
    await fail(throttle(), "ama@example.com", 5);
    expect((await throttle().check("ama@example.com", IP)).allowed).toBe(false);
  });

  test("20 failures from one address across different emails lock that address", async () => {
    const t = throttle();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress - 1; i++) await t.recordFailure(`user${i}@example.com`, IP);
    expect((await t.check("new@example.com", IP)).allowed).toBe(true);
    await t.recordFailure("user19@example.com", IP);

    const verdict = await t.check("new@example.com", IP);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
    // another address, or none known, may still try that email
    expect(await t.check("new@example.com", "198.51.100.1")).toEqual({ allowed: true, delayMs: 0 });
    expect(await t.check("new@example.com", null)).toEqual({ allowed: true, delayMs: 0 });
  });

  test("failures without a known address count against the account only", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 5, null);
    expect((await t.check("ama@example.com", null)).allowed).toBe(false);
    const rows = await db().select().from(rateLimits);
    expect(rows.map((r) => r.key)).toEqual([expect.stringContaining("ama@example.com")]);
  });

  test("clear(email) resets the account's count, not the address's", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 4);
    await t.clear("ama@example.com");
    expect(await t.check("ama@example.com", IP)).toEqual({ allowed: true, delayMs: 0 });
    const [address] = await db().select().from(rateLimits).where(like(rateLimits.key, `%${IP}`));
    expect(address.points).toBe(4);
  });

  test("clear(email) lifts an account lock", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 5);
    await t.clear("ama@example.com");
    expect((await t.check("ama@example.com", IP)).allowed).toBe(true);
  });

  test("an account's count expires after the window", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 5, null);
    await expire(db(), "ama@example.com");
    expect(await t.check("ama@example.com", null)).toEqual({ allowed: true, delayMs: 0 });
    // and the next failure starts a fresh window at 1
    await t.recordFailure("ama@example.com", null);
    const [row] = await db().select().from(rateLimits).where(like(rateLimits.key, "%ama@example.com"));
    expect(row.points).toBe(1);
    expect(row.expire!.getTime()).toBeGreaterThan(Date.now() + (SIGN_IN_LIMITS.windowSeconds - 30) * 1000);
  });

  test("an address lock expires after the window", async () => {
    const t = throttle();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++) await t.recordFailure(`user${i}@example.com`, IP);
    expect((await t.check("new@example.com", IP)).allowed).toBe(false);
    await expire(db(), IP);
    expect((await t.check("new@example.com", IP)).allowed).toBe(true);
  });

  test("concurrent failures are all counted", async () => {
    const t = throttle();
    await Promise.all(Array.from({ length: 4 }, () => t.recordFailure("ama@example.com", IP)));
    const [row] = await db().select().from(rateLimits).where(like(rateLimits.key, "%ama@example.com"));
    expect(row.points).toBe(4);
  });

  test("the lock lasts 15 minutes from the 5th failure, not from the window's start", async () => {
    const t = throttle();
    await fail(t, "ama@example.com", 4);
    // 14 minutes later (the window ends in one minute) comes the 5th failure
    await db().update(rateLimits).set({ expire: sql`now() + interval '60 seconds'` }).where(like(rateLimits.key, "%ama@example.com"));
    await t.recordFailure("ama@example.com", IP);
    const verdict = await t.check("ama@example.com", IP);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds - 30);
  });
});
