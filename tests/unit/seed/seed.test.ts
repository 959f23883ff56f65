// The demo seed on a real database: the rows it promises, in the shape the app writes.
import { describe, expect, test } from "vitest";
import { decodeCursor } from "@/lib/cursor";
import { queryHistory } from "@/lib/history/queries";
import { dayWeights, HOUR_WEIGHTS, prefixShares, thresholds } from "@/scripts/seed/data";
import { seedCharges } from "@/scripts/seed/seed";
import type { Db } from "@/lib/db/open";
import { charges, user } from "@/lib/db/schema";
import { suggestProvider } from "@/lib/market/networks";
import { backends, countCharges, useLedger } from "../support/db";

const NOW = new Date("2026-11-22T15:30:00Z");

async function all(db: Db) {
  return db.select().from(charges);
}

test("weights become increasing thresholds from 0", () => {
  expect(thresholds([1, 1, 2])).toEqual([0, 0.25, 0.5]);
  const days = dayWeights(90, NOW);
  expect(days).toHaveLength(90);
  expect(days.every((w) => w > 0)).toBe(true);
  expect(HOUR_WEIGHTS).toHaveLength(24);
  expect(prefixShares().reduce((a, s) => a + s.share, 0)).toBeCloseTo(1, 6);
});

describe.each(backends)("seedCharges on $name", (backend) => {
  const db = useLedger(backend);

  test("writes the rows asked for, spread over the days, in the app's shape", async () => {
    await db()
      .insert(user)
      .values([
        { id: "m-1", name: "Ama", email: "ama@example.com", role: "staff" },
        { id: "m-2", name: "Kofi", email: "kofi@example.com", role: "owner" },
      ]);
    const batches: number[] = [];
    const result = await seedCharges(db(), { rows: 3000, days: 30, batchSize: 1000, now: NOW, onBatch: (n) => batches.push(n) });
    expect(batches).toEqual([1000, 2000, 3000]);
    expect(result).toMatchObject({ rows: 3000, days: 30, members: 2, batches: 3 });
    expect(await countCharges(db())).toBe(3000);
    expect(Object.values(result.byStatus).reduce((a, b) => a + b, 0)).toBe(3000);

    const rows = await all(db());
    const share = (status: string) => rows.filter((r) => r.status === status).length / rows.length;
    expect(share("success")).toBeGreaterThan(0.84);
    expect(share("success")).toBeLessThan(0.92);
    for (const s of ["failed", "pending", "unknown"]) expect(share(s)).toBeGreaterThan(0.005);
    expect(share("submitting")).toBe(0);

    const earliest = NOW.getTime() - 30 * 86_400_000;
    for (const r of rows) {
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(earliest);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.amountMinor).toBeGreaterThanOrEqual(100);
      expect(r.currency).toBe("GHS");
      expect(suggestProvider(r.phoneNumber)).toBe(r.provider);
      expect(["m-1", "m-2"]).toContain(r.createdBy);
      expect(r.idempotencyKey).toMatch(new RegExp(`^seed-${result.run}-\\d+$`));
      expect(r.reference === null).toBe(r.status === "unknown");
      expect(r.settledAt === null).toBe(r.status === "pending" || r.status === "unknown");
      if (r.reference) expect(r.reference).toMatch(/^TXN-MOMO-9\d{15}$/);
    }
    expect(new Set(rows.map((r) => r.createdBy)).size).toBe(2);
    expect(new Set(rows.map((r) => r.provider))).toEqual(new Set(["mtn", "vodafone", "airteltigo"]));
    expect(new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(25);
    expect(rows.some((r) => /^Order \d{5}$/.test(r.description))).toBe(true);
    expect(rows.some((r) => /^Invoice INV-\d{4}-\d{5}$/.test(r.description))).toBe(true);
    expect(rows.some((r) => r.description.startsWith("School fees Term"))).toBe(true);
    // Repeat customers: fewer phone numbers than charges.
    expect(new Set(rows.map((r) => r.phoneNumber)).size).toBeLessThan(rows.length);
  });

  test("a second run adds rows with new references and keys; no members means no maker", async () => {
    await seedCharges(db(), { rows: 500, days: 7, now: NOW });
    await seedCharges(db(), { rows: 500, days: 7, now: NOW });
    const rows = await all(db());
    expect(rows).toHaveLength(1000);
    const refs = rows.flatMap((r) => (r.reference ? [r.reference] : []));
    expect(new Set(refs).size).toBe(refs.length);
    expect(rows.every((r) => r.createdBy === null)).toBe(true);
    // The history reads seeded rows like any other: newest first, cursors that decode.
    const page = await queryHistory(db(), { status: "success" });
    expect(page.rows).toHaveLength(50);
    expect(decodeCursor(page.older!)).not.toBeNull();
  });

  test("refuses sizes outside its range", async () => {
    await expect(seedCharges(db(), { rows: 0 })).rejects.toThrow(/rows/);
    await expect(seedCharges(db(), { rows: 1_000_001 })).rejects.toThrow(/rows/);
    await expect(seedCharges(db(), { rows: 10, days: 0 })).rejects.toThrow(/days/);
  });
});
