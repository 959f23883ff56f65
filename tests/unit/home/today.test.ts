// The home page's "Today" (lib/home/today.ts) on each database: today so far in the business's
// zone beside the same weekday a week before up to the same time of day, the hours of both days,
// staff's own charges only, and nothing from the edges' wrong side.
import { describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { todayFigures } from "@/lib/home/today";
import { backends, useLedger } from "../support/db";
import { chargeRow } from "../support/rows";

type Row = {
  at: string;
  status?: "success" | "failed" | "unknown" | "pending";
  minor?: number;
  reversed?: number;
  currency?: string;
  provider?: string;
  by?: string;
};

async function add(db: Db, rows: Row[]) {
  await db.insert(charges).values(
    rows.map((r) =>
      chargeRow({
        createdAt: new Date(r.at),
        status: r.status ?? "success",
        amountMinor: r.minor ?? 100,
        reversedMinor: r.reversed ?? 0,
        currency: r.currency ?? "GHS",
        provider: r.provider ?? "mtn",
        createdBy: r.by ?? "member-a",
      }),
    ),
  );
}

// Sunday 6 Dec 2026, 14:30 in Accra (UTC+0); the same weekday last week is Sunday 29 Nov.
const AS_OF = new Date("2026-12-06T14:30:00Z");
const TODAY = "2026-12-06";

describe.each(backends)("the home page's today on $name", (backend) => {
  const db = useLedger(backend);

  test("today so far beside last week's same day by the same time: edges in and out, outcomes, rate, net collected per currency", async () => {
    await add(db(), [
      // Today: the day's first instant is in, the moment of asOf is not (nothing is "after now").
      { at: "2026-12-06T00:00:00.000Z", minor: 1_000 },
      { at: "2026-12-06T09:15:00Z", minor: 2_500, reversed: 500 },
      { at: "2026-12-06T10:00:00Z", status: "failed", provider: "vodafone" },
      { at: "2026-12-06T11:00:00Z", status: "unknown", provider: "vodafone" },
      { at: "2026-12-06T12:00:00Z", status: "pending" },
      { at: "2026-12-06T13:00:00Z", minor: 700, currency: "USD" },
      { at: "2026-12-06T14:30:00.000Z", minor: 99_999 },
      // Yesterday's last instant is out.
      { at: "2026-12-05T23:59:59.999Z", minor: 99_999 },
      // Last Sunday: by 14:30 counts for the figures; after it only in the chart.
      { at: "2026-11-29T00:00:00.000Z", minor: 400 },
      { at: "2026-11-29T14:29:59.999Z", status: "failed" },
      { at: "2026-11-29T14:30:00.000Z", minor: 88_888 },
      { at: "2026-11-29T20:00:00Z", minor: 88_888 },
      // A week and a day ago, and last Monday: neither.
      { at: "2026-11-28T12:00:00Z", minor: 77_777 },
      { at: "2026-11-30T12:00:00Z", minor: 77_777 },
    ]);
    const { today, lastWeek, hours } = await todayFigures(db(), "Africa/Accra", TODAY, AS_OF);
    expect(today.count).toBe(6);
    expect(today.byStatus).toEqual({ success: 3, failed: 1, unknown: 1, pending: 1, submitting: 0 });
    expect(today.finished).toBe(5);
    expect(today.rate).toBeCloseTo(3 / 5);
    // Net of what was given back; two currencies are never added together, the bigger first.
    expect(today.collected).toEqual([
      { currency: "GHS", minor: 3_000 },
      { currency: "USD", minor: 700 },
    ]);
    expect(today.networks.find((n) => n.provider === "vodafone")).toMatchObject({ count: 2, success: 0, finished: 2, rate: 0 });
    expect(today.networks.find((n) => n.provider === "airteltigo")).toMatchObject({ count: 0, rate: null });

    expect(lastWeek).toMatchObject({ count: 2, success: 1, finished: 2, rate: 0.5, collected: [{ currency: "GHS", minor: 400 }] });

    expect(hours).toHaveLength(24);
    // Hours still to come today have no bar; last week's whole day is drawn.
    expect(hours[14]).toEqual({ hour: 14, today: 0, lastWeek: 2 });
    expect(hours[15]).toEqual({ hour: 15, today: null, lastWeek: 0 });
    expect(hours[20]).toEqual({ hour: 20, today: null, lastWeek: 1 });
    expect(hours[0]).toEqual({ hour: 0, today: 1, lastWeek: 1 });
    expect(hours.reduce((a, h) => a + (h.today ?? 0), 0)).toBe(6);
  });

  test("the day is the business's: in Auckland (UTC+13) today began at 11:00 UTC the day before", async () => {
    // 6 Dec 14:30 UTC is 7 Dec 03:30 in Auckland; its 7 Dec began 6 Dec 11:00 UTC.
    await add(db(), [
      { at: "2026-12-06T10:59:59Z", minor: 5 },
      { at: "2026-12-06T11:00:00Z", minor: 10 },
      { at: "2026-11-29T12:00:00Z", minor: 20 }, // Auckland's 30 Nov 01:00: last week's same day, by 03:30
    ]);
    const { today, lastWeek, hours } = await todayFigures(db(), "Pacific/Auckland", "2026-12-07", AS_OF);
    expect(today.collected).toEqual([{ currency: "GHS", minor: 10 }]);
    expect(lastWeek.collected).toEqual([{ currency: "GHS", minor: 20 }]);
    expect(hours[0].today).toBe(1);
    expect(hours[3].today).toBe(0);
    expect(hours[4].today).toBeNull();
  });

  test("staff's own: only the charges the member made, today and last week", async () => {
    await add(db(), [
      { at: "2026-12-06T09:00:00Z", minor: 100, by: "staff-1" },
      { at: "2026-12-06T09:05:00Z", minor: 200, by: "staff-2" },
      { at: "2026-11-29T09:00:00Z", minor: 300, by: "staff-2" },
    ]);
    const mine = await todayFigures(db(), "Africa/Accra", TODAY, AS_OF, "staff-1");
    expect(mine.today).toMatchObject({ count: 1, collected: [{ currency: "GHS", minor: 100 }] });
    expect(mine.lastWeek).toMatchObject({ count: 0, rate: null, collected: [] });
    expect(mine.hours[9]).toEqual({ hour: 9, today: 1, lastWeek: 0 });
  });

  test("a day with nothing: zeros, no rate, every network listed", async () => {
    const { today, lastWeek, hours } = await todayFigures(db(), "Africa/Accra", TODAY, AS_OF);
    for (const d of [today, lastWeek]) {
      expect(d).toMatchObject({ count: 0, finished: 0, rate: null, collected: [] });
      expect(d.networks.map((n) => n.provider)).toEqual(["mtn", "vodafone", "airteltigo"]);
    }
    expect(hours.filter((h) => h.today === null)).toHaveLength(9);
  });
});
