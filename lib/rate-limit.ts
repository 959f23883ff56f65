// What the throttles built on rate-limiter-flexible's Drizzle store share (the sign-in throttle,
// lib/auth/throttle.ts; the pay page's limits, lib/payment-requests/limits.ts).
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";

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
