// The counts that limit how often something may happen, on rate-limiter-flexible's Drizzle store
// (the rate_limits table, so every instance counts together): the sign-in throttle
// (lib/auth/throttle.ts), the password-reset asks, the pay page's limits, the pay link's emails,
// staff's searches by phone number. One way to make a limiter and to take a place on it.
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { DbOrTx } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";

/** `points` places per `seconds` for each key under `keyPrefix`, counted in the database. */
export function dbLimiter(db: DbOrTx, keyPrefix: string, points: number, seconds: number): RateLimiterDrizzle {
  // Expired rows are overwritten by the next window, never swept by a timer (several instances).
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points,
    duration: seconds,
    clearExpiredByTimeout: false,
  });
}

/**
 * Takes one place on `key`: null when it was free, else the seconds (at least 1) until one is. A
 * fault of the store is thrown, never taken for a refusal.
 */
export async function takePlace(limiter: RateLimiterDrizzle, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
  }
}

/**
 * One place back on the row `rlKey` (the limiter's getKey: `${keyPrefix}:${key}`), never below
 * 0, only while its window lasts, and only to the window the place was taken in: one that
 * ends later than `takenAt` plus a window was opened (or extended by a lock) since, and owes
 * this attempt nothing. Not the library's reward(): on an expired row it starts a new window
 * at −1, an extra try. One statement, so two give-backs at once take two places, never more. Times
 * are this process's clock, as in the library's consume(); instances whose clocks differ by δ
 * can disagree only within δ of a window's edges.
 */
export async function giveBackOne(db: DbOrTx, rlKey: string, takenAt: Date, windowSeconds: number): Promise<void> {
  const latestEnd = new Date(takenAt.getTime() + windowSeconds * 1000);
  await db
    .update(rateLimits)
    .set({ points: sql`${rateLimits.points} - 1` })
    .where(and(eq(rateLimits.key, rlKey), gt(rateLimits.points, 0), gt(rateLimits.expire, new Date()), lte(rateLimits.expire, latestEnd)));
}

/** How long a row outlives its window before the sweep takes it: slack for instances' clocks. */
const PRUNE_AFTER_HOURS = 1;

/**
 * Forgets the counts whose window ended over an hour ago (the background sweep). An ended window
 * counts for nothing (the next place taken starts a new one, and a give-back needs a window that
 * lasts), but its row, and the key in it (an address, an email asked about, a digest), stayed
 * until the same key came again: for most keys, never.
 */
export async function pruneRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, sql`now() - make_interval(hours => ${PRUNE_AFTER_HOURS})`));
}
