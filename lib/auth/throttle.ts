// Brute-force protection for sign-in, counted in the database (rate-limiter-flexible's Drizzle
// store), so the limit holds across restarts and across instances on one PostgreSQL.
//
// The promise: at most 5 password verifications per account per 15 minutes (failed ones; a
// success does not count), whatever the concurrency and whichever instance receives them.
//
// So an attempt takes its place in the count *before* its password is verified: consume() is
// one INSERT … ON CONFLICT DO UPDATE SET points = points + 1 … RETURNING, atomic on one
// PostgreSQL, and only attempts that got places 1–5 go on to the password; the rest are refused
// unverified. Reading the count first and counting after the verification let every request in
// flight through. A success gives back its own one place, never the whole count: clearing it
// would hand an attacker racing a legitimate sign-in a fresh set of tries. An attempt that ends
// in an error instead of a verdict (the database down) keeps its place: it fails closed.
//
// "15 minutes" is the counter's window: it opens with the first attempt and ends 15 minutes
// later, or 15 minutes after the 5th failure (the lock), whichever is later. Being a fixed
// window, up to 4 failures late in one window and 5 early in the next can fall within 15
// minutes of each other; no window ever holds more than 5.
//   - per account: each attempt waits 1 s per place past 2 taken before its own (failures, and
//     attempts still in flight), at most 5 s, before its password is checked; the 5th failure
//     locks the account's sign-in;
//   - per address: the same scheme with 20 places (no delays).
import type { RateLimiterDrizzle } from "rate-limiter-flexible";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "@/lib/db/open";
import { dbLimiter, giveBackOne } from "@/lib/rate-limit";
import { count } from "@/lib/metrics/registry";

export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  failuresPerAccount: 5,
  failuresPerAddress: 20,
  slowAfter: 2,
  maxDelayMs: 5_000,
} as const;

/**
 * The places an allowed attempt took: its position in each count (address null when unknown),
 * and when it had them, to give them back only to the windows they were taken in.
 */
export type Place = { account: number; address: number | null; takenAt: Date };

export type ThrottleVerdict = { allowed: true; delayMs: number; place: Place } | { allowed: false; retryAfterSeconds: number };

export function createSignInThrottle(db: Db) {
  const make = (keyPrefix: string, points: number) => dbLimiter(db, keyPrefix, points, SIGN_IN_LIMITS.windowSeconds);
  const perAccount = make("sign_in_account", SIGN_IN_LIMITS.failuresPerAccount);
  const perAddress = make("sign_in_address", SIGN_IN_LIMITS.failuresPerAddress);

  return {
    /**
     * Takes this attempt's place on the address's count, then on the account's. Past either
     * limit it is refused, and its password must not be checked.
     */
    async take(email: string, ip: string | null): Promise<ThrottleVerdict> {
      // The address first, and an attempt it refuses never touches the account's count: an
      // address already locked must not go on using up (or locking) the accounts it names.
      const address = ip ? await consume(perAddress, ip) : null;
      if (address && address.consumedPoints > SIGN_IN_LIMITS.failuresPerAddress) return refusal(address);
      const account = await consume(perAccount, email);
      if (account.consumedPoints > SIGN_IN_LIMITS.failuresPerAccount) {
        // Refused unverified, so it costs the address nothing: a member retrying their locked
        // account from a shared office address must not lock that address for everyone.
        if (ip) await giveBackOne(db, perAddress.getKey(ip), new Date(), SIGN_IN_LIMITS.windowSeconds);
        return refusal(account);
      }
      const before = account.consumedPoints - 1;
      const delayMs = Math.min(Math.max(0, before - SIGN_IN_LIMITS.slowAfter) * 1_000, SIGN_IN_LIMITS.maxDelayMs);
      // Dated after both consumes: never before either window was opened (giveBackOne relies on it).
      return {
        allowed: true,
        delayMs,
        place: { account: account.consumedPoints, address: address?.consumedPoints ?? null, takenAt: new Date() },
      };
    },

    /**
     * A refused password keeps its places. The failure that held a count's last place locks
     * it for a whole window from now, not only for what is left of the window.
     */
    async recordFailure(email: string, ip: string | null, place: Place): Promise<void> {
      count("signInFailures", {});
      await Promise.all([
        place.account >= SIGN_IN_LIMITS.failuresPerAccount ? perAccount.block(email, SIGN_IN_LIMITS.windowSeconds) : null,
        ip && place.address !== null && place.address >= SIGN_IN_LIMITS.failuresPerAddress
          ? perAddress.block(ip, SIGN_IN_LIMITS.windowSeconds)
          : null,
      ]);
    },

    /** A success gives back its own place on each count, and only that one. */
    async giveBack(email: string, ip: string | null, place: Place): Promise<void> {
      await Promise.all([
        giveBackOne(db, perAccount.getKey(email), place.takenAt, SIGN_IN_LIMITS.windowSeconds),
        ip && place.address !== null ? giveBackOne(db, perAddress.getKey(ip), place.takenAt, SIGN_IN_LIMITS.windowSeconds) : null,
      ]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** The count after this attempt's place: consume() rejects past the limit, with the same answer. */
function consume(limiter: RateLimiterDrizzle, key: string): Promise<RateLimiterRes> {
  return limiter.consume(key).catch((e: unknown) => {
    if (!(e instanceof RateLimiterRes)) throw e;
    return e;
  });
}

function refusal(res: RateLimiterRes): ThrottleVerdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}
