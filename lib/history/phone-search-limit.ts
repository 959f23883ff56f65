// A member who sees other members' customers masked (staff) may still search the history by a
// phone number they know: they typed it, and the matches show it masked. Search by number is by
// the whole number only (never a prefix or part), so it cannot spell a number out digit by digit;
// but the mask leaves five digits hidden, and a hundred thousand whole-number guesses would find
// the one that matches. So those members may search by a limited number of *different* numbers
// per hour, counted in the database (rate-limiter-flexible's Drizzle store, shared by every
// instance): plenty for the customers a person serves, far too few to guess a number. A number
// searched again within the hour (the next page of its charges, a reload, the list under the
// search box and then its results page) tells them nothing new and costs nothing: it is marked as
// seen under a digest keyed with the database's secret, never the number itself.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Member } from "@/lib/access/types";
import { can } from "@/lib/access";
import type { Db } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";
import { normalizePhone } from "@/lib/market/networks";
import { dbLimiter, takePlace } from "@/lib/rate-limit";
import { keyedDigest } from "@/lib/session";
import { searchKind, type HistoryFilters } from "./filters";

export const PHONE_SEARCH_LIMIT = { perHour: 60, windowSeconds: 3600 } as const;

/** The row saying this member searched this number within the hour. */
const seenKey = async (db: Db, memberId: string, phone: string) =>
  `phone_search_seen:${await keyedDigest(db, "phone_search_key", `${memberId}:${normalizePhone(phone)}`)}`;

/** Null when the search may run; otherwise why not, as the page says it. */
export async function phoneSearchRefusal(db: Db, member: Pick<Member, "id" | "role">, filters: HistoryFilters): Promise<string | null> {
  if (!filters.q || searchKind(filters.q) !== "phone" || can(member.role, "charge:phone")) return null;
  const seen = await seenKey(db, member.id, filters.q);
  const [again] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, seen), gt(rateLimits.expire, sql`now()`)));
  if (again) return null;
  const limiter = dbLimiter(db, "phone_search", PHONE_SEARCH_LIMIT.perHour, PHONE_SEARCH_LIMIT.windowSeconds);
  const wait = await takePlace(limiter, member.id);
  if (wait === null) {
    const expire = sql`now() + make_interval(secs => ${PHONE_SEARCH_LIMIT.windowSeconds})`;
    await db
      .insert(rateLimits)
      .values({ key: seen, points: 1, expire })
      .onConflictDoUpdate({ target: rateLimits.key, set: { points: 1, expire } });
    return null;
  }
  const minutes = Math.ceil(wait / 60);
  return `At most ${PHONE_SEARCH_LIMIT.perHour} different phone numbers an hour: try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
