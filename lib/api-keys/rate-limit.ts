// Each API key's requests per minute (API_REQUESTS_PER_MINUTE), counted in the database so every
// instance counts together, and said on every answer in the IETF draft's headers
// (draft-ietf-httpapi-ratelimit-headers: RateLimit-Limit, -Remaining, -Reset and -Policy). Past
// the limit, 429 `rate_limited` with Retry-After until the minute's window ends.
import "server-only";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { dbLimiter } from "@/lib/rate-limit";

const WINDOW_SECONDS = 60;

export type RateState = { limit: number; remaining: number; resetSeconds: number };

export function rateHeaders(s: RateState): Record<string, string> {
  return {
    "RateLimit-Limit": String(s.limit),
    "RateLimit-Remaining": String(s.remaining),
    "RateLimit-Reset": String(s.resetSeconds),
    "RateLimit-Policy": `${s.limit};w=${WINDOW_SECONDS}`,
  };
}

/**
 * Takes one of the key's places for this minute: where it stands then (handed to `seen` also when
 * refused, so the 429 says it too), or 429 `rate_limited`.
 */
export async function takeApiPlace(db: Db, keyId: string, seen: (s: RateState) => void): Promise<void> {
  const limit = env().API_REQUESTS_PER_MINUTE;
  const limiter = dbLimiter(db, "api-key", limit, WINDOW_SECONDS);
  try {
    const taken = await limiter.consume(keyId);
    seen({ limit, remaining: taken.remainingPoints, resetSeconds: Math.max(1, Math.ceil(taken.msBeforeNext / 1000)) });
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    seen({ limit, remaining: 0, resetSeconds: wait });
    throw new AppError("rate_limited", `This API key made ${limit} requests this minute: try again in ${wait} s.`, {
      retryAfterSeconds: wait,
    });
  }
}
