// Brute-force protection for sign-in, counted in the database (rate-limiter-flexible's Drizzle
// store), so the limit holds across restarts and across instances on one PostgreSQL.
//   - per account: after 3 failures each attempt is answered 1 s later per failure past 2
//     (capped at 5 s); the 5th failure within 15 minutes locks the account's sign-in for
//     15 minutes from that failure;
//   - per address: 20 failures within 15 minutes lock that address for 15 minutes.
// A successful sign-in clears the account's count.
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";

export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  failuresPerAccount: 5,
  failuresPerAddress: 20,
  slowAfter: 2,
  maxDelayMs: 5_000,
} as const;

export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

export function createSignInThrottle(db: Db) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration: SIGN_IN_LIMITS.windowSeconds,
      clearExpiredByTimeout: false,
    });
  const perAccount = make("sign_in_account", SIGN_IN_LIMITS.failuresPerAccount);
  const perAddress = make("sign_in_address", SIGN_IN_LIMITS.failuresPerAddress);

  return {
    async check(email: string, ip: string | null): Promise<ThrottleVerdict> {
      const [account, address] = await Promise.all([perAccount.get(email), ip ? perAddress.get(ip) : null]);
      const locked = [
        account && account.consumedPoints >= SIGN_IN_LIMITS.failuresPerAccount ? account : null,
        address && address.consumedPoints >= SIGN_IN_LIMITS.failuresPerAddress ? address : null,
      ].filter((r): r is RateLimiterRes => r !== null);
      if (locked.length) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...locked.map((r) => r.msBeforeNext)) / 1000)) };
      }
      const failures = account?.consumedPoints ?? 0;
      const delayMs = Math.min(Math.max(0, failures - SIGN_IN_LIMITS.slowAfter) * 1_000, SIGN_IN_LIMITS.maxDelayMs);
      return { allowed: true, delayMs };
    },

    async recordFailure(email: string, ip: string | null): Promise<void> {
      // consume() rejects once the count passes the limit; the count is what matters here.
      // The failure that reaches the limit locks for a whole window from now, not only for
      // what is left of the window the first failure opened.
      const count = async (limiter: RateLimiterDrizzle, key: string, limit: number) => {
        const res = await limiter.consume(key).catch((e: unknown) => {
          if (!(e instanceof RateLimiterRes)) throw e;
          return e;
        });
        if (res.consumedPoints === limit) await limiter.block(key, SIGN_IN_LIMITS.windowSeconds);
      };
      await Promise.all([count(perAccount, email, SIGN_IN_LIMITS.failuresPerAccount), ip ? count(perAddress, ip, SIGN_IN_LIMITS.failuresPerAddress) : null]);
    },

    async clear(email: string): Promise<void> {
      await perAccount.delete(email);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
