// Searching the history by phone number, for members who see other members' customers masked:
// at most 60 searches an hour, however many arrive at once (real database, both backends), so the
// five hidden digits of a masked number cannot be found by guessing whole numbers.
import { describe, expect, test } from "vitest";
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
    expect(refused[0]).toMatch(/^At most 60 searches by phone number an hour: try again in \d+ minutes?\.$/);
    // Written any other way, the number is still a search by number, and still refused.
    expect(await phoneSearchRefusal(db(), staff, { q: "+233 24 111 2233" })).not.toBeNull();
    // Another member has their own count.
    expect(await phoneSearchRefusal(db(), { id: "member-2", role: "staff" }, { q: "0241112233" })).toBeNull();
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
