// The reconciliation queue on a real database: who is in it, its filters, its counts, and keyset
// pages in both orders that visit every row once, across rows that share a microsecond.
import { describe, expect, test } from "vitest";
import type { QueueFilters } from "@/lib/reconcile/filters";
import { countQueue, QUEUE_PAGE_SIZE, queryQueue, type QueuePage } from "@/lib/reconcile/queue";
import { backends, useLedger } from "../support/db";
import { historyOn, type Row } from "../support/history";

const MIN = 60_000;
const THRESHOLD = 10 * MIN;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const oldest: QueueFilters = { order: "oldest" };

describe.each(backends)("the reconciliation queue on $name", (backend) => {
  const db = useLedger(backend);
  const { insert } = historyOn(db);
  const keys = async (f: QueueFilters, page = {}) => (await queryQueue(db(), THRESHOLD, f, page)).rows.map((r) => r.idempotencyKey);

  // Keys name what each row is; `at` is how long ago it was made.
  const WORLD: Row[] = [
    { key: "unknown-now", id: crypto.randomUUID(), at: ago(0), status: "unknown", provider: "mtn" },
    { key: "pending-20m", id: crypto.randomUUID(), at: ago(20 * MIN), status: "pending", provider: "vodafone" },
    { key: "unknown-2h", id: crypto.randomUUID(), at: ago(120 * MIN), status: "unknown", provider: "vodafone" },
    { key: "unknown-2d", id: crypto.randomUUID(), at: ago(2 * 1440 * MIN), status: "unknown", provider: "airteltigo" },
    // Not in the queue: too fresh (the result view still watches it), settled, or recovery's job.
    { key: "pending-1m", id: crypto.randomUUID(), at: ago(MIN), status: "pending" },
    { key: "success", id: crypto.randomUUID(), at: ago(30 * MIN), status: "success" },
    { key: "failed", id: crypto.randomUUID(), at: ago(30 * MIN), status: "failed" },
    { key: "submitting", id: crypto.randomUUID(), at: ago(30 * MIN), status: "submitting" },
  ];

  test("unknown charges and pending ones past the threshold, oldest first by default, newest first on request", async () => {
    await insert(WORLD);
    expect(await keys(oldest)).toEqual(["unknown-2d", "unknown-2h", "pending-20m", "unknown-now"]);
    expect(await keys({ order: "newest" })).toEqual(["unknown-now", "pending-20m", "unknown-2h", "unknown-2d"]);
    // A longer threshold leaves the 20-minute pending charge to its result view.
    expect((await queryQueue(db(), 30 * MIN, oldest)).rows.map((r) => r.idempotencyKey)).toEqual([
      "unknown-2d",
      "unknown-2h",
      "unknown-now",
    ]);
  });

  test("filters: status, network, age (older than), and all together", async () => {
    await insert(WORLD);
    expect(await keys({ ...oldest, status: "pending" })).toEqual(["pending-20m"]);
    expect(await keys({ ...oldest, status: "unknown" })).toEqual(["unknown-2d", "unknown-2h", "unknown-now"]);
    expect(await keys({ ...oldest, network: "vodafone" })).toEqual(["unknown-2h", "pending-20m"]);
    expect(await keys({ ...oldest, age: { text: "15m", ms: 15 * MIN } })).toEqual(["unknown-2d", "unknown-2h", "pending-20m"]);
    expect(await keys({ ...oldest, age: { text: "1h", ms: 60 * MIN } })).toEqual(["unknown-2d", "unknown-2h"]);
    expect(await keys({ ...oldest, age: { text: "1d", ms: 1440 * MIN } })).toEqual(["unknown-2d"]);
    expect(await keys({ order: "newest", status: "unknown", network: "vodafone", age: { text: "1h", ms: 60 * MIN } })).toEqual([
      "unknown-2h",
    ]);
    expect(await keys({ ...oldest, status: "pending", network: "mtn" })).toEqual([]);
  });

  test("counts: every charge that needs a decision, and those the filters keep", async () => {
    await insert(WORLD);
    expect(await countQueue(db(), THRESHOLD, oldest)).toEqual({ total: 4, matching: 4 });
    expect(await countQueue(db(), THRESHOLD, { ...oldest, network: "vodafone" })).toEqual({ total: 4, matching: 2 });
    expect(await countQueue(db(), THRESHOLD, { ...oldest, status: "pending", age: { text: "1h", ms: 60 * MIN } })).toEqual({
      total: 4,
      matching: 0,
    });
    expect(await countQueue(db(), 30 * MIN, oldest)).toEqual({ total: 3, matching: 3 });
  });

  // 60 unknown charges, three per millisecond, two of each three sharing a microsecond.
  const many = (): Row[] =>
    Array.from({ length: 60 }, (_, i) => {
      const micros = Math.floor(i / 3) * 1000 + (i % 3 === 0 ? 0 : 250);
      return {
        key: `k${i}`,
        id: crypto.randomUUID(),
        at: `2026-02-01 12:00:00.${String(micros).padStart(6, "0")}+00`,
        status: "unknown",
      };
    });
  const sorted = (rows: Row[], order: "oldest" | "newest") => {
    const up = [...rows].sort((x, y) => (x.at === y.at ? (x.id < y.id ? -1 : 1) : x.at < y.at ? -1 : 1)).map((r) => r.key);
    return order === "oldest" ? up : up.reverse();
  };

  test.each(["oldest", "newest"] as const)(
    "%s first: next pages visit every row once, previous pages walk back the same pages",
    async (order) => {
      const rows = many();
      await insert(rows);
      const f: QueueFilters = { order };
      const pages: QueuePage[] = [await queryQueue(db(), THRESHOLD, f, { limit: 7 })];
      expect(pages[0].prev).toBeNull();
      while (pages.at(-1)!.next) pages.push(await queryQueue(db(), THRESHOLD, f, { after: pages.at(-1)!.next!, limit: 7 }));
      expect(pages).toHaveLength(9);
      expect(pages.flatMap((p) => p.rows.map((r) => r.idempotencyKey))).toEqual(sorted(rows, order));

      // From the last page back to the first, each previous page is the one seen going forward.
      let page = pages.at(-1)!;
      for (let i = pages.length - 2; i >= 0; i--) {
        page = await queryQueue(db(), THRESHOLD, f, { before: page.prev!, limit: 7 });
        expect(page.rows.map((r) => r.idempotencyKey)).toEqual(pages[i].rows.map((r) => r.idempotencyKey));
      }
      expect(page.prev).toBeNull();
      expect(page.next).toBe(pages[0].next);
    },
  );

  test(`${QUEUE_PAGE_SIZE} a page by default; a cursor that does not decode is the first page`, async () => {
    await insert(many());
    const first = await queryQueue(db(), THRESHOLD, oldest);
    expect(first.rows).toHaveLength(QUEUE_PAGE_SIZE);
    expect(first.next).toBe(first.rows.at(-1)!.cursor);
    for (const cursor of ["garbage", Buffer.from("2026-02-30T00:00:00.000000Z|x").toString("base64url")]) {
      expect(await keys(oldest, { after: cursor })).toEqual(first.rows.map((r) => r.idempotencyKey));
    }
  });
});
