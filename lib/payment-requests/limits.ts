// The pay page is public, and each attempt sends a prompt to someone's phone and spends the
// merchant's budget. So attempts are counted (rate-limiter-flexible's Drizzle store, shared by
// every instance) per address, per link and per number, over 10 minutes. A member charging by
// hand is counted by none of these. docs/decisions/pay-link-limits.md.
// - What counts is what costs the merchant: a prompt sent and not (yet) approved. An attempt that
//   is not sent (refused by another limit, by the budget, or failing before it leaves) gives its
//   places back at once; a payment that succeeds gives them back when it is known (the outbox's
//   payment_request.paid, ./paid.ts). So a crowd of payers behind one carrier address (CGNAT, a
//   donation link shared in a group) pays on, while one caller cycling numbers that nobody
//   approves is stopped at the address's tenth.
// - The address is one the caller cannot write (lib/http/origin.ts), kept as a keyed digest.
// - Counted address first, then the link, then the number, the cheapest key to forge last; an
//   attempt refused by one limit gives back what it took on the others, so 27 attempts refused
//   for one number leave the link's places to the honest payers.
import "server-only";
import type { Db, DbOrTx } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { dbLimiter, giveBackOne, takePlace } from "@/lib/rate-limit";
import { keyedDigest } from "@/lib/session";

const WINDOW_S = 600;
/** Prompts not (yet) approved in any 10 minutes: from one address, on one link, and to one number from this business. */
export const PAY_LIMITS = { address: 10, link: 30, number: 3 } as const;
type Kind = keyof typeof PAY_LIMITS;
/** The order attempts are counted in. */
const ORDER: Kind[] = ["address", "link", "number"];

/** Each limit's key for one attempt: digests for the address and the number, the link's id. */
export type PayKeys = Record<Kind, string>;

const limiter = (db: DbOrTx, kind: Kind) => dbLimiter(db, `pay_${kind}`, PAY_LIMITS[kind], WINDOW_S);

/** The secret of the pay page's digests (it is also the address's on a charge: pay_address_key). */
const SECRET = "pay_address_key";

/**
 * The number as a digest keyed with the same secret as the address's: a plain hash of a phone
 * number is undone by trying the billion numbers of the country's plan, and a limit's row outlives
 * its window until the sweep prunes it (lib/rate-limit.ts), so a plain one would keep the
 * customer's number readable in `rate_limits` (as it did before migration 0028).
 */
export const numberKey = (db: DbOrTx, phone: string): Promise<string> => keyedDigest(db, SECRET, `pay-number:${phone}`);

/**
 * The address as a digest keyed with a secret of this database's (an IPv4 address's plain hash
 * is undone by trying them all). An unknown address (a request served before the server tracked
 * its sockets) shares one key: counted together, never left uncounted.
 */
export const addressKey = (db: Db, ip: string | null): Promise<string> => keyedDigest(db, SECRET, ip ?? "unknown");

export async function payKeys(db: Db, who: { ip: string | null; requestId: string; phone: string }): Promise<PayKeys> {
  return { address: await addressKey(db, who.ip), link: who.requestId, number: await numberKey(db, who.phone) };
}

function refusal(kind: Kind, seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  const why =
    kind === "number"
      ? `This number has had ${PAY_LIMITS.number} payment prompts in the last 10 minutes`
      : kind === "link"
        ? "This link has had too many attempts in the last 10 minutes"
        : "Too many attempts from this network in the last 10 minutes";
  return new AppError("too_many_attempts", `${why}: try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`, {
    retryAfterSeconds: seconds,
  });
}

/**
 * Takes one place on each limit, in ORDER; refused (429, with when to try again) as soon as one is
 * used up, and then the places already taken are given back: a refused attempt counts for nothing.
 * Returns when the places were taken, for giving them back.
 */
export async function takePayPlaces(db: Db, keys: PayKeys): Promise<Date> {
  const taken: Kind[] = [];
  for (const kind of ORDER) {
    let wait: number | null;
    try {
      wait = await takePlace(limiter(db, kind), keys[kind]);
    } catch (error) {
      await givePayPlacesBack(db, keys, new Date(), taken);
      throw error;
    }
    if (wait !== null) {
      await givePayPlacesBack(db, keys, new Date(), taken);
      throw refusal(kind, wait);
    }
    taken.push(kind);
  }
  // Dated after every consume: never before a window was opened (giveBackOne relies on it).
  return new Date();
}

/**
 * Gives back the place an attempt took at `takenAt` on each of `kinds` (all three by default): for
 * an attempt that was not sent, or a payment that succeeded. Never below zero, and only to the
 * window it was taken in (lib/rate-limit.ts).
 */
export async function givePayPlacesBack(db: DbOrTx, keys: PayKeys, takenAt: Date, kinds: readonly Kind[] = ORDER): Promise<void> {
  for (const kind of kinds) await giveBackOne(db, limiter(db, kind).getKey(keys[kind]), takenAt, WINDOW_S);
}
