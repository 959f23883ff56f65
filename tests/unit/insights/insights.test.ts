// The insights aggregates on a real database: daily volume and counts with empty days filled,
// [from, to) boundaries in UTC (other zones: insights-time-zone.test.ts), success-rate arithmetic per network, the outcome mix; and the
// reading of the period from the URL.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/open";
import { batches, charges } from "@/lib/db/schema";
import { chargeSources, dailyActivity, loadInsights, outcomeMix, successRateByNetwork } from "@/lib/insights/queries";
import { daysOf, lastDays, periodFromSearch, type Status } from "@/lib/insights/shape";
import { backends, useLedger } from "../support/db";
import { addPaymentRequest, chargeRow } from "../support/rows";

type Row = {
  at: string;
  status?: Status;
  amount?: number;
  currency?: string;
  provider?: string;
  batchId?: string;
  paymentRequestId?: string;
};

async function add(db: Db, ...rows: Row[]) {
  await db.insert(charges).values(
    rows.map((r) =>
      chargeRow({
        status: r.status ?? "success",
        amountMinor: r.amount ?? 1000,
        currency: r.currency ?? "GHS",
        provider: r.provider ?? "mtn",
        batchId: r.batchId,
        paymentRequestId: r.paymentRequestId,
        createdAt: new Date(r.at),
      }),
    ),
  );
}

const MARCH = { from: "2025-03-01", to: "2025-03-06" }; // five days, 1–5 March

describe.each(backends)("insights on $name", (backend) => {
  const db = useLedger(backend);

  test("daily counts include every status; volume sums successful charges per currency; empty days are zero", async () => {
    await add(
      db(),
      { at: "2025-03-01T10:00:00Z", amount: 1000 },
      { at: "2025-03-01T12:00:00Z", amount: 500, status: "failed" },
      { at: "2025-03-03T09:00:00Z", amount: 2500, provider: "vodafone" },
      { at: "2025-03-03T09:30:00Z", amount: 700, currency: "NGN" },
      { at: "2025-03-03T11:00:00Z", amount: 900, status: "pending" },
    );
    const { counts, volumes } = await dailyActivity(db(), MARCH, "UTC");
    expect(counts).toEqual([
      { day: "2025-03-01", count: 2 },
      { day: "2025-03-02", count: 0 },
      { day: "2025-03-03", count: 3 },
      { day: "2025-03-04", count: 0 },
      { day: "2025-03-05", count: 0 },
    ]);
    // The biggest currency comes first; currencies are never added together.
    expect(volumes.map((v) => [v.currency, v.totalMinor, v.days.map((d) => d.minor)])).toEqual([
      ["GHS", 3500, [1000, 0, 2500, 0, 0]],
      ["NGN", 700, [0, 0, 700, 0, 0]],
    ]);
  });

  test("a period is [from, to) in UTC: the first instant is in, the end's first instant is out", async () => {
    await add(
      db(),
      { at: "2025-02-28T23:59:59.999Z" },
      { at: "2025-03-01T00:00:00.000Z", amount: 111 },
      { at: "2025-03-05T23:59:59.999Z", amount: 222 },
      { at: "2025-03-06T00:00:00.000Z" },
    );
    const { counts, volumes } = await dailyActivity(db(), MARCH, "UTC");
    expect(counts.map((c) => c.count)).toEqual([1, 0, 0, 0, 1]);
    expect(volumes[0].days.map((d) => d.minor)).toEqual([111, 0, 0, 0, 222]);
    expect((await outcomeMix(db(), MARCH, "UTC")).find((m) => m.status === "success")!.count).toBe(2);
    expect((await successRateByNetwork(db(), MARCH, "UTC"))[0]).toMatchObject({ provider: "mtn", success: 2, finished: 2 });
  });

  test("days are the given zone's days (UTC here) whatever the database session's time zone", async () => {
    await add(db(), { at: "2025-03-02T23:30:00Z", amount: 400 });
    const { counts } = await db().transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Auckland'`); // already 3 March there
      return dailyActivity(tx, MARCH, "UTC");
    });
    expect(counts.find((c) => c.count)).toEqual({ day: "2025-03-02", count: 1 });
  });

  test("success rate per network is success / (success + failed + unknown); pending and submitting are left out", async () => {
    const at = "2025-03-02T08:00:00Z";
    const mtn = (status: Status) => ({ at, status, provider: "mtn" });
    await add(
      db(),
      ...(["success", "success", "success", "failed", "unknown", "pending", "pending", "submitting"] as const).map(mtn),
      { at, status: "failed", provider: "vodafone" },
      { at, status: "failed", provider: "vodafone" },
      { at, status: "success", provider: "legacy-net" },
    );
    const rates = await successRateByNetwork(db(), MARCH, "UTC");
    expect(rates).toEqual([
      { provider: "mtn", success: 3, failed: 1, unknown: 1, finished: 5, rate: 0.6 },
      { provider: "vodafone", success: 0, failed: 2, unknown: 0, finished: 2, rate: 0 },
      { provider: "airteltigo", success: 0, failed: 0, unknown: 0, finished: 0, rate: null },
      { provider: "legacy-net", success: 1, failed: 0, unknown: 0, finished: 1, rate: 1 },
    ]);
    const { summary, mix } = await loadInsights(db(), MARCH, "UTC");
    expect(summary).toEqual({ count: 11, success: 4, finished: 8, rate: 0.5 });
    expect(mix).toEqual([
      { status: "success", count: 4 },
      { status: "pending", count: 2 },
      { status: "failed", count: 3 },
      { status: "unknown", count: 1 },
      { status: "submitting", count: 1 },
    ]);
  });

  test("where charges came from: by hand, bulk batches and pay links, each with its successes and net volume per currency", async () => {
    const [batch] = await db()
      .insert(batches)
      .values({ label: "March dues", rowCount: 2, totals: { GHS: 2000 }, createdBy: "owner-1" })
      .returning();
    const link = await addPaymentRequest(db(), { amountMinor: 700, expiresAt: new Date("2025-04-01T00:00:00Z"), createdBy: "owner-1" });
    await add(
      db(),
      { at: "2025-03-01T10:00:00Z", amount: 1000 },
      { at: "2025-03-02T10:00:00Z", amount: 400, status: "failed" },
      { at: "2025-03-02T11:00:00Z", amount: 1000, batchId: batch.id },
      { at: "2025-03-02T12:00:00Z", amount: 1000, batchId: batch.id, status: "unknown" },
      { at: "2025-03-03T10:00:00Z", amount: 700, paymentRequestId: link.id },
      { at: "2025-03-03T10:05:00Z", amount: 700, paymentRequestId: link.id, currency: "NGN" },
      { at: "2025-03-03T10:10:00Z", amount: 700, paymentRequestId: link.id, status: "failed" },
      { at: "2025-04-03T10:00:00Z", amount: 700, paymentRequestId: link.id }, // outside the period
    );
    expect(await chargeSources(db(), MARCH, "UTC")).toEqual([
      { source: "hand", count: 2, success: 1, volumes: [{ currency: "GHS", minor: 1000 }] },
      { source: "batch", count: 2, success: 1, volumes: [{ currency: "GHS", minor: 1000 }] },
      {
        source: "link",
        count: 3,
        success: 2,
        volumes: [
          { currency: "GHS", minor: 700 },
          { currency: "NGN", minor: 700 },
        ],
      },
    ]);
    expect((await loadInsights(db(), MARCH, "UTC")).sources.map((s) => s.count)).toEqual([2, 2, 3]);
  });

  test("a period with no charges is all zeros, no volume series and no rates", async () => {
    await add(db(), { at: "2025-04-01T00:00:00Z" });
    const insights = await loadInsights(db(), MARCH, "UTC");
    expect(insights.counts.every((c) => c.count === 0)).toBe(true);
    expect(insights.counts).toHaveLength(5);
    expect(insights.volumes).toEqual([]);
    expect(insights.networks.map((n) => n.rate)).toEqual([null, null, null]);
    expect(insights.mix.every((m) => m.count === 0)).toBe(true);
    expect(insights.summary).toEqual({ count: 0, success: 0, finished: 0, rate: null });
    expect(insights.sources).toEqual([
      { source: "hand", count: 0, success: 0, volumes: [] },
      { source: "batch", count: 0, success: 0, volumes: [] },
      { source: "link", count: 0, success: 0, volumes: [] },
    ]);
  });
});

describe("the period from the URL", () => {
  const today = "2025-03-10";
  const last30 = { from: "2025-02-09", to: "2025-03-11" };

  test("no dates means the last 30 days, today included", () => {
    expect(periodFromSearch(undefined, undefined, today)).toEqual({ period: last30, error: null });
    expect(daysOf(last30)).toHaveLength(30);
    expect(lastDays(7, today)).toEqual({ from: "2025-03-04", to: "2025-03-11" });
  });

  test("days are read as the app writes them, or as ISO days", () => {
    expect(periodFromSearch("27 Feb 2025", "Mar 1, 2025", today)).toEqual({
      period: { from: "2025-02-27", to: "2025-03-02" },
      error: null,
    });
    expect(periodFromSearch(" 1 march 2025 ", "2025-03-01", today).period).toEqual({ from: "2025-03-01", to: "2025-03-02" });
  });

  test("the URL's `to` is the last day shown: the period ends the next midnight", () => {
    expect(periodFromSearch("2025-02-27", "2025-03-01", today)).toEqual({ period: { from: "2025-02-27", to: "2025-03-02" }, error: null });
    expect(periodFromSearch("2024-02-29", "2024-02-29", today).period).toEqual({ from: "2024-02-29", to: "2024-03-01" });
  });

  test.each([
    ["2025-02-30", "2025-03-01", /real day/],
    ["yesterday", "2025-03-01", /like 23 Nov 2026/],
    ["03/01/2025", "2025-03-05", /like 23 Nov 2026/],
    ["2025-03-01", undefined, /start and an end/],
    [["2025-03-01", "2025-03-02"], "2025-03-05", /real day/],
    ["2025-03-05", "2025-03-01", /start date is after the end date/],
    ["2023-01-01", "2025-03-01", /at most 366 days/],
  ])("from=%s to=%s is refused with a message and the default period", (from, to, message) => {
    const choice = periodFromSearch(from, to, today);
    expect(choice.period).toEqual(last30);
    expect(choice.error).toMatch(message);
    expect(choice.error).toMatch(/last 30 days instead/);
  });
});
