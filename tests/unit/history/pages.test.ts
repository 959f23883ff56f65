// The history query's keyset pages on a real database: cursors on (created_at, id) at microsecond
// precision, `after` and `before` across rows that share a millisecond, and garbage cursors ignored.
import { describe, expect, test } from "vitest";
import { decodeCursor, encodeCursor } from "@/lib/cursor";
import { PAGE_SIZE, queryHistory, type HistoryPage } from "@/lib/history/queries";
import type { HistoryFilters } from "@/lib/history/filters";
import { backends, useLedger } from "../support/db";
import { historyOn, id, ROWS, type Row } from "../support/history";

describe.each(backends)("queryHistory on $name", (backend) => {
  const db = useLedger(backend);
  const { insert } = historyOn(db);

  test("rows carry microsecond cursors", async () => {
    await insert(ROWS);
    const { rows, older, newer } = await queryHistory(db(), {}, { limit: 3 });
    expect(rows.map((r) => decodeCursor(r.cursor))).toEqual([
      { at: "2026-01-03T00:00:00.000000Z", id: id(4) },
      { at: "2026-01-02T23:59:59.999999Z", id: id(3) },
      { at: "2026-01-02T12:00:00.000000Z", id: id(7) },
    ]);
    expect({ older, newer }).toEqual({ older: rows[2].cursor, newer: null });
    expect((await queryHistory(db(), {}, { after: older!, limit: 3 })).rows.map((r) => decodeCursor(r.cursor))).toEqual([
      { at: "2026-01-01T10:00:00.000200Z", id: id(6) },
      { at: "2026-01-01T10:00:00.000200Z", id: id(2) },
      { at: "2026-01-01T10:00:00.000100Z", id: id(1) },
    ]);
  });

  // 120 rows, three per millisecond: two share a microsecond, one is 250 µs later.
  const many = (): Row[] =>
    Array.from({ length: 120 }, (_, i) => {
      const micros = Math.floor(i / 3) * 1000 + (i % 3 === 0 ? 0 : 250);
      return {
        key: `k${i}`,
        id: crypto.randomUUID(),
        at: `2026-02-01 12:00:00.${String(micros).padStart(6, "0")}+00`,
        status: i % 2 ? "failed" : "success",
      };
    });
  const newestFirst = (rows: Row[]) =>
    [...rows].sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1)).map((r) => r.key);

  async function allPages(f: HistoryFilters, limit: number): Promise<HistoryPage[]> {
    const pages = [await queryHistory(db(), f, { limit })];
    while (pages.at(-1)!.older) pages.push(await queryHistory(db(), f, { after: pages.at(-1)!.older!, limit }));
    return pages;
  }

  test("`after` visits 120 rows exactly once, in order, across shared milliseconds", async () => {
    const rows = many();
    await insert(rows);
    const pages = await allPages({}, 25);
    expect(pages.map((p) => p.rows.length)).toEqual([25, 25, 25, 25, 20]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.idempotencyKey))).toEqual(newestFirst(rows));
    expect(pages.map((p) => p.newer === null)).toEqual([true, false, false, false, false]);
    expect(pages.map((p) => p.older === null)).toEqual([false, false, false, false, true]);
    expect((await queryHistory(db(), {}, {})).rows).toHaveLength(PAGE_SIZE);

    const failed = await allPages({ status: "failed" }, 7);
    expect(failed.flatMap((p) => p.rows.map((r) => r.idempotencyKey))).toEqual(newestFirst(rows.filter((r) => r.status === "failed")));
  });

  test("`before` returns the previous page with its own cursors", async () => {
    await insert(many());
    const pages = await allPages({}, 25);
    expect(await queryHistory(db(), {}, { before: pages[2].newer!, limit: 25 })).toEqual(pages[1]);
    expect(await queryHistory(db(), {}, { before: pages[1].newer!, limit: 25 })).toEqual(pages[0]);
    expect(await queryHistory(db(), {}, { before: pages[4].newer!, limit: 25 })).toEqual(pages[3]);
    // …and `after` from there goes forward again.
    expect(await queryHistory(db(), {}, { after: pages[1].older!, limit: 25 })).toEqual(pages[2]);
  });

  test("a garbage cursor is ignored: the first page", async () => {
    await insert(ROWS);
    const first = await queryHistory(db(), {}, { limit: 3 });
    const forged = (text: string) => Buffer.from(text).toString("base64url");
    const bad = [
      "2026-01-02T23:59:59.999999Z|nope",
      `2026-02-30T10:00:00.000000Z|${id(1)}`,
      `2026-01-01T25:61:00.000000Z|${id(1)}`,
      `0000-01-01T10:00:00.000000Z|${id(1)}`,
      `2026-01-01T10:00:00.000000Z|${"-".repeat(36)}`,
    ];
    for (const cursor of ["garbage", "", "%%%", ...bad.map(forged)]) {
      expect(decodeCursor(cursor)).toBeNull();
      expect(await queryHistory(db(), {}, { after: cursor, limit: 3 })).toEqual(first);
      expect(await queryHistory(db(), {}, { before: cursor, limit: 3 })).toEqual(first);
    }
    expect(decodeCursor(encodeCursor({ at: "2026-01-01T10:00:00.000200Z", id: id(2) }))).toEqual({
      at: "2026-01-01T10:00:00.000200Z",
      id: id(2),
    });
  });
});
