// A member who sees other members' customers masked (staff) may still search the history by a
// phone number they know: they typed it, and the matches show it masked. Search by number is by
// the whole number only (never a prefix or part), so it cannot spell a number out digit by digit;
// but the mask leaves five digits hidden, and a hundred thousand whole-number guesses would find
// the one that matches. So those members get a limited number of searches by number per hour,
// counted in the database (rate-limiter-flexible's Drizzle store, shared by every instance):
// plenty for the customers a person serves, far too few to guess a number.
import type { Member } from "@/lib/access/types";
import { can } from "@/lib/access";
import type { Db } from "@/lib/db/open";
import { dbLimiter, takePlace } from "@/lib/rate-limit";
import { searchKind, type HistoryFilters } from "./filters";

export const PHONE_SEARCH_LIMIT = { perHour: 60, windowSeconds: 3600 } as const;

/** Null when the search may run; otherwise why not, as the page says it. */
export async function phoneSearchRefusal(db: Db, member: Pick<Member, "id" | "role">, filters: HistoryFilters): Promise<string | null> {
  if (!filters.q || searchKind(filters.q) !== "phone" || can(member.role, "charge:phone")) return null;
  const limiter = dbLimiter(db, "phone_search", PHONE_SEARCH_LIMIT.perHour, PHONE_SEARCH_LIMIT.windowSeconds);
  const wait = await takePlace(limiter, member.id);
  if (wait === null) return null;
  const minutes = Math.ceil(wait / 60);
  return `At most ${PHONE_SEARCH_LIMIT.perHour} searches by phone number an hour: try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
