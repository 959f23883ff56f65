// Insights count days in the business's time zone: a day's first instant is that zone's
// midnight (daylight-saving days included), and "today" is the zone's date.
import { describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { dailyActivity, loadInsights } from "@/lib/insights/queries";
import { todayIn } from "@/lib/day";
import { backends, useLedger } from "../support/db";
import { chargeRow } from "../support/rows";

async function add(db: Db, ...ats: string[]) {
  await db
    .insert(charges)
    .values(ats.map((at, i) => chargeRow({ status: "success", amountMinor: 100 * (i + 1), createdAt: new Date(at) })));
}

describe.each(backends)("insights days in a time zone on $name", (backend) => {
  const db = useLedger(backend);

  test("a charge counts on the date it was in the zone: Auckland (UTC+13 in March) and New York (UTC−5)", async () => {
    // 2 March 23:30 UTC is 3 March 12:30 in Auckland and 2 March 18:30 in New York.
    await add(db(), "2025-03-02T23:30:00Z");
    const period = { from: "2025-03-01", to: "2025-03-05" };
    const auckland = await dailyActivity(db(), period, "Pacific/Auckland");
    expect(auckland.counts.find((c) => c.count)).toEqual({ day: "2025-03-03", count: 1 });
    const newYork = await dailyActivity(db(), period, "America/New_York");
    expect(newYork.counts.find((c) => c.count)).toEqual({ day: "2025-03-02", count: 1 });
    expect(newYork.volumes[0].days.map((d) => d.minor)).toEqual([0, 100, 0, 0]);
  });

  test("a period runs from the zone's midnight to its midnight: the edges are in, one instant outside is out", async () => {
    // Accra's 1–2 March is [1 March 00:00Z, 3 March 00:00Z); Auckland's is [28 Feb 11:00Z, 2 March 11:00Z).
    await add(db(), "2025-02-28T10:59:59.999Z", "2025-02-28T11:00:00.000Z", "2025-03-02T10:59:59.999Z", "2025-03-02T11:00:00.000Z");
    const period = { from: "2025-03-01", to: "2025-03-03" };
    const auckland = await loadInsights(db(), period, "Pacific/Auckland");
    expect(auckland.counts).toEqual([
      { day: "2025-03-01", count: 1 },
      { day: "2025-03-02", count: 1 },
    ]);
    expect(auckland.summary.count).toBe(2);
    expect((await loadInsights(db(), period, "Africa/Accra")).summary.count).toBe(2); // the last two
    expect((await dailyActivity(db(), period, "Africa/Accra")).counts).toEqual([
      { day: "2025-03-01", count: 0 },
      { day: "2025-03-02", count: 2 },
    ]);
  });

  test("a daylight-saving day has its own length: New York's 9 March 2025 lasts 23 hours", async () => {
    // Clocks went forward at 02:00 local (07:00Z): the day is [9 March 05:00Z, 10 March 04:00Z).
    await add(db(), "2025-03-09T04:59:59Z", "2025-03-09T05:00:00Z", "2025-03-10T03:59:59Z", "2025-03-10T04:00:00Z");
    const { counts } = await dailyActivity(db(), { from: "2025-03-08", to: "2025-03-11" }, "America/New_York");
    expect(counts).toEqual([
      { day: "2025-03-08", count: 1 },
      { day: "2025-03-09", count: 2 },
      { day: "2025-03-10", count: 1 },
    ]);
  });
});

describe("today in a time zone", () => {
  test("is the zone's date, not the server's or UTC's", () => {
    const now = new Date("2025-03-02T23:30:00Z");
    expect(todayIn("UTC", now)).toBe("2025-03-02");
    expect(todayIn("Africa/Accra", now)).toBe("2025-03-02");
    expect(todayIn("Pacific/Auckland", now)).toBe("2025-03-03");
    expect(todayIn("America/Los_Angeles", new Date("2025-03-01T05:00:00Z"))).toBe("2025-02-28");
  });
});
