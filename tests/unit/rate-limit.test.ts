// The counts' table keeps a row only while it can still count (lib/rate-limit.ts, pruneRateLimits,
// run by the background sweep): a window ended over an hour ago goes, with the key it held (an
// address, an email asked about, a digest); a live window, one just ended, and a row without an
// end stay. A key pruned starts a new window when it comes again. On each database.
import { like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rateLimits } from "@/lib/db/schema";
import { dbLimiter, pruneRateLimits, takePlace } from "@/lib/rate-limit";
import { backends, useLedger } from "./support/db";

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each(backends)("the counts' prune on $name", (backend) => {
  const db = useLedger(backend);
  const keys = async () => (await db().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();

  test("a window ended over an hour ago goes; a live one, one ended minutes ago and one without an end stay", async () => {
    await db()
      .insert(rateLimits)
      .values([
        { key: "reset_email:stranger@example.test", points: 3, expire: ago(120) },
        { key: "reset_address:203.0.113.9", points: 10, expire: ago(61) },
        { key: "pay_address:ended-minutes-ago", points: 1, expire: ago(10) },
        { key: "phone_search:member-1", points: 5, expire: ago(-30) },
        { key: "no_end", points: 1, expire: null },
      ]);
    await pruneRateLimits(db());
    expect(await keys()).toEqual(["no_end", "pay_address:ended-minutes-ago", "phone_search:member-1"]);
    // Twice is the same as once.
    await pruneRateLimits(db());
    expect(await keys()).toEqual(["no_end", "pay_address:ended-minutes-ago", "phone_search:member-1"]);
  });

  test("a key pruned counts again from one when it comes back; a live count is untouched by the prune", async () => {
    const limiter = dbLimiter(db(), "prune_test", 2, 3_600);
    expect(await takePlace(limiter, "a")).toBeNull();
    expect(await takePlace(limiter, "a")).toBeNull();
    await pruneRateLimits(db());
    expect(await takePlace(limiter, "a")).toBeGreaterThan(0); // still full: the prune left it
    await db()
      .update(rateLimits)
      .set({ expire: ago(90) })
      .where(like(rateLimits.key, "prune_test:%"));
    await pruneRateLimits(db());
    expect(await keys()).toEqual([]);
    expect(await takePlace(limiter, "a")).toBeNull();
    const [row] = await db().select().from(rateLimits);
    expect(row).toMatchObject({ key: "prune_test:a", points: 1 });
  });
});
