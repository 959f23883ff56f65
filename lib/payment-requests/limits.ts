// The pay page is public, and each attempt sends a prompt to someone's phone and spends the
// merchant's budget. So attempts are counted (rate-limiter-flexible's Drizzle store, shared by
// every instance) per address, per link and per number, over 10 minutes. A member charging by
// hand is counted by none of these. A number is counted by its digest, never stored as it is.
import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

const WINDOW_S = 600;
/** Attempts in any 10 minutes: from one address, on one link, and prompts to one number from this business. */
export const PAY_LIMITS = { address: 10, link: 30, number: 3 } as const;

function limiter(db: Db, kind: keyof typeof PAY_LIMITS) {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: `pay_${kind}`,
    points: PAY_LIMITS[kind],
    duration: WINDOW_S,
    clearExpiredByTimeout: false,
  });
}

const digest = (phone: string) => createHash("sha256").update(`pay-number:${phone}`).digest("hex").slice(0, 32);

/**
 * Counts one attempt against each limit, the address first; refused (429, with when to try again)
 * as soon as one is used up, and then the later ones are not counted.
 */
export async function countPayAttempt(db: Db, who: { ip: string | null; requestId: string; phone: string }): Promise<void> {
  const counts: [keyof typeof PAY_LIMITS, string | null][] = [
    ["address", who.ip],
    ["link", who.requestId],
    ["number", digest(who.phone)],
  ];
  for (const [kind, key] of counts) {
    if (key === null) continue;
    try {
      await limiter(db, kind).consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      const minutes = Math.ceil(seconds / 60);
      const why =
        kind === "number"
          ? `This number has had ${PAY_LIMITS.number} payment prompts in the last 10 minutes`
          : kind === "link"
            ? "This link has had too many attempts in the last 10 minutes"
            : "Too many attempts from this network in the last 10 minutes";
      throw new AppError("too_many_attempts", `${why}: try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`, {
        retryAfterSeconds: seconds,
      });
    }
  }
}
