// Searching the history by phone number, for members who see other members' customers masked:
// at most 60 different numbers an hour, however many arrive at once (real database, both
// backends), so the five hidden digits of a masked number cannot be found by guessing whole
// numbers; a number searched again within the hour (a next page, the search box's list then its
// results page) costs nothing, and the count never holds the number.
import { like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rateLimits } from "@/lib/db/schema";
import { phoneSearchRefusal, PHONE_SEARCH_LIMIT } from "@/lib/history/phone-search-limit";
import { backends, useLedger } from "../support/db";

const staff = { id: "member-staff", role: "staff" } as const;
const guesses = (n: number) => Array.from({ length: n }, (_, i) => ({ q: `0241${String(i).padStart(4, "0")}67` }));

describe.each(backends)("phone search limit on $name", (backend) => {
  const db = useLedger(backend);

  test("staff: 100 guesses at once, 60 run and 40 are refused with when to try again", async () => {
    const verdicts = await Promise.all(guesses(100).map((f) => phoneSearchRefusal(db(), staff, f)));
    expect(verdicts.filter((v) => v === null)).toHaveLength(PHONE_SEARCH_LIMIT.perHour);
    const refused = verdicts.filter((v) => v !== null);
    expect(refused).toHaveLength(40);
    expect(refused[0]).toMatch(/^At most 60 different phone numbers an hour: try again in \d+ minutes?\.$/);
    // Written any other way, the number is still a search by number, and still refused.
    expect(await phoneSearchRefusal(db(), staff, { q: "+233 24 111 2233" })).not.toBeNull();
    // Another member has their own count.
    expect(await phoneSearchRefusal(db(), { id: "member-2", role: "staff" }, { q: "0241112233" })).toBeNull();
  });

  test("a number searched again, at once and written other ways, costs nothing more; at the limit a number seen is still free, a new one not", async () => {
    const counted = async () =>
      (await db().select().from(rateLimits).where(like(rateLimits.key, "phone_search:%"))).reduce((n, r) => n + r.points, 0);
    expect(await phoneSearchRefusal(db(), staff, { q: "0241112233" })).toBeNull();
    expect(await counted()).toBe(1);
    const spellings = ["0241112233", "+233 24 111 2233", "024-111-2233", "00233241112233"];
    const again = await Promise.all(Array.from({ length: 100 }, (_, i) => phoneSearchRefusal(db(), staff, { q: spellings[i % 4] })));
    expect(again.every((v) => v === null)).toBe(true);
    expect(await counted()).toBe(1);
    const others = guesses(PHONE_SEARCH_LIMIT.perHour - 1);
    for (const f of others) expect(await phoneSearchRefusal(db(), staff, f)).toBeNull();
    expect(await counted()).toBe(PHONE_SEARCH_LIMIT.perHour);
    expect(await phoneSearchRefusal(db(), staff, { q: "0249998877" })).not.toBeNull();
    expect(await phoneSearchRefusal(db(), staff, { q: "+233 24 111 2233" })).toBeNull();
    expect(await phoneSearchRefusal(db(), staff, others[0])).toBeNull();
    // Seen by this member only: another's first search of it is theirs to count.
    expect(await phoneSearchRefusal(db(), { id: "member-2", role: "staff" }, { q: "0241112233" })).toBeNull();
    expect(await db().select().from(rateLimits).where(like(rateLimits.key, "phone_search:member-2"))).toMatchObject([{ points: 1 }]);
    // No row holds a number searched: only digests of them.
    const keys = (await db().select().from(rateLimits)).map((r) => r.key).join(" ");
    for (const q of ["0241112233", ...others.map((f) => f.q)]) expect(keys).not.toContain(q.slice(1));
  });

  test("a number seen over an hour ago counts again", async () => {
    expect(await phoneSearchRefusal(db(), staff, { q: "0241112233" })).toBeNull();
    await db()
      .update(rateLimits)
      .set({ expire: new Date(Date.now() - 1_000) })
      .where(like(rateLimits.key, "phone_search_seen:%"));
    expect(await phoneSearchRefusal(db(), staff, { q: "0241112233" })).toBeNull();
    const [count] = await db().select().from(rateLimits).where(like(rateLimits.key, "phone_search:%"));
    expect(count.points).toBe(2);
  });

  test("owner and support see numbers whole: never limited; descriptions and references are not counted", async () => {
    for (const role of ["owner", "support"] as const) {
      const verdicts = await Promise.all(guesses(70).map((f) => phoneSearchRefusal(db(), { id: `m-${role}`, role }, f)));
      expect(verdicts.every((v) => v === null)).toBe(true);
    }
    for (let i = 0; i < 70; i++) expect(await phoneSearchRefusal(db(), staff, { q: i % 2 ? "school fees" : "TXN-MOMO-17" })).toBeNull();
    expect(await phoneSearchRefusal(db(), staff, {})).toBeNull();
  });
});
