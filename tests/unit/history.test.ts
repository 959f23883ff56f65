// The history query on a real database: each filter in SQL, newest first, keyset pages on
// (created_at, id) at microsecond precision, and a description search the trigram index serves.
import { and, desc, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { parseHistoryFilters, type HistoryFilters } from "@/lib/charges/history-filters";
import { decodeCursor, encodeCursor, historyConditions, PAGE_SIZE, queryHistory, type HistoryPage } from "@/lib/charges/history";
import { rowsOf } from "@/lib/db/open";
import { charges, type NewCharge } from "@/lib/db/schema";
import { backends, useLedger } from "./support/db";

type Row = Partial<NewCharge> & { key: string; at: string; id: string };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

// Newest first: d, c, g, f, b, a, e (b and f share one microsecond; f has the larger id).
const ROWS: Row[] = [
  {
    key: "e",
    id: id(5),
    at: "2025-12-31 23:59:59.999999+00",
    status: "success",
    provider: "mtn",
    amountMinor: 100_000,
    phoneNumber: "0551234567",
    description: "Groceries",
    createdBy: "user-1",
    reference: "TXN-MOMO-1005",
  },
  {
    key: "a",
    id: id(1),
    at: "2026-01-01 10:00:00.000100+00",
    status: "success",
    provider: "mtn",
    amountMinor: 1050,
    phoneNumber: "0241234567",
    description: "Rent for March",
    createdBy: "user-1",
    reference: "TXN-MOMO-1001",
  },
  {
    key: "b",
    id: id(2),
    at: "2026-01-01 10:00:00.000200+00",
    status: "pending",
    provider: "vodafone",
    amountMinor: 2500,
    phoneNumber: "0201234567",
    description: "Water bill 50% off",
    createdBy: "user-2",
    reference: "TXN-MOMO-1002",
  },
  {
    key: "f",
    id: id(6),
    at: "2026-01-01 10:00:00.000200+00",
    status: "failed",
    provider: "vodafone",
    amountMinor: 2500,
    phoneNumber: "0201234567",
    description: "Deposit 500 cedis",
    createdBy: "user-2",
  },
  {
    key: "g",
    id: id(7),
    at: "2026-01-02 12:00:00+00",
    status: "success",
    provider: "airteltigo",
    amountMinor: 1000,
    phoneNumber: "0261234567",
    description: "school fees term 1",
    createdBy: "user-2",
  },
  {
    key: "c",
    id: id(3),
    at: "2026-01-02 23:59:59.999999+00",
    status: "failed",
    provider: "airteltigo",
    currency: "UGX",
    amountMinor: 5000,
    phoneNumber: "0261234567",
    description: "school_fees term 2",
    createdBy: "user-1",
    reference: "TXN-MOMO-1003",
  },
  {
    key: "d",
    id: id(4),
    at: "2026-01-03 00:00:00+00",
    status: "unknown",
    provider: "mtn",
    amountMinor: 99,
    phoneNumber: "0241234567",
    description: "RENT deposit",
    createdBy: "user-2",
  },
];

describe.each(backends)("queryHistory on $name", (backend) => {
  const db = useLedger(backend);

  async function insert(rows: Row[]) {
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map(({ key, at, ...r }) => ({
        currency: "GHS",
        phoneNumber: "0241234567",
        provider: "mtn",
        amountMinor: 100,
        ...r,
        idempotencyKey: key,
        requestHash: "h",
        createdAt: sql`${at}::timestamptz` as unknown as Date,
      }));
      await db().insert(charges).values(values);
    }
  }
  const keys = async (f: HistoryFilters, page = {}) => (await queryHistory(db(), f, page)).rows.map((r) => r.idempotencyKey);

  test.each<[string, HistoryFilters, string[]]>([
    ["no filter", {}, ["d", "c", "g", "f", "b", "a", "e"]],
    ["status", { status: "success" }, ["g", "a", "e"]],
    ["network", { network: "vodafone" }, ["f", "b"]],
    ["member", { member: "user-1" }, ["c", "a", "e"]],
    ["currency", { currency: "UGX" }, ["c"]],
    ["min amount", { minMinor: 2500 }, ["c", "f", "b", "e"]],
    ["max amount", { maxMinor: 1050 }, ["d", "g", "a"]],
    ["amount range", { minMinor: 1000, maxMinor: 2500 }, ["g", "f", "b", "a"]],
    ["whole days, inclusive", { from: "2026-01-01", to: "2026-01-02" }, ["c", "g", "f", "b", "a"]],
    ["from a day", { from: "2026-01-03" }, ["d"]],
    ["to a day", { to: "2025-12-31" }, ["e"]],
    ["status + network + min", { status: "success", network: "mtn", minMinor: 1000 }, ["a", "e"]],
    ["member + network + status", { member: "user-2", network: "vodafone", status: "pending" }, ["b"]],
    ["dates + status + currency", { from: "2026-01-01", status: "failed", currency: "GHS" }, ["f"]],
    ["a reference, any case", { q: "txn-momo-1003" }, ["c"]],
    ["an unknown reference", { q: "TXN-MOMO-9" }, []],
    ["a phone number, international and spaced", { q: "+233 24 123 4567" }, ["d", "a"]],
    ["a phone number with dashes", { q: "020-123-4567" }, ["f", "b"]],
    ["words, any case", { q: "rent" }, ["d", "a"]],
    ["words inside a description", { q: "posit" }, ["d", "f"]],
    ["a literal %", { q: "50%" }, ["b"]],
    ["a literal _", { q: "school_fees" }, ["c"]],
    ["words + filters", { q: "school", status: "success" }, ["g"]],
    ["nothing matches", { status: "submitting" }, []],
  ])("%s", async (_name, filters, expected) => {
    await insert(ROWS);
    expect(await keys(filters)).toEqual(expected);
  });

  test("filters straight from a URL", async () => {
    await insert(ROWS);
    const { filters, problems } = parseHistoryFilters(new URLSearchParams("q=%2B233+24+123+4567&status=unknown&from=2026-02-30"));
    expect(problems).toEqual({ from: "Not a real date" });
    expect(await keys(filters)).toEqual(["d"]);
  });

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

  test("the description search can use the trigram index", async () => {
    await db().execute(sql`insert into charges (idempotency_key, request_hash, amount_minor, currency, phone_number, provider, description, created_at)
      select 'k' || g, 'h', 100 + g, 'GHS', '0241234567', 'mtn', 'Order ' || g || ' ' || md5(g::text), now() - g * interval '1 minute' from generate_series(1, 2000) g`);
    await db().execute(sql`update charges set description = 'Trip to Zanzibar 50%_off' where idempotency_key in ('k7', 'k700', 'k1500')`);
    await db().execute(sql`analyze charges`);
    for (const q of ["zanzibar", "50%_off"]) {
      const query = db()
        .select()
        .from(charges)
        .where(and(...historyConditions({ q })))
        .orderBy(desc(charges.createdAt), desc(charges.id))
        .limit(PAGE_SIZE + 1);
      // At this size a sequential scan may well be cheaper; what is checked is that the
      // escaped ILIKE the search builds is one the index can answer at all.
      type Line = { "QUERY PLAN": string };
      // Walking the (created_at, id) index is the other plan left once sequential scans are off;
      // turning plain index scans off too leaves the bitmap (trigram) plan to be chosen or not.
      const result = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        return tx.execute(sql`explain ${query}`);
      });
      const plan = rowsOf<Line>(result)
        .map((r) => r["QUERY PLAN"])
        .join("\n");
      expect(plan).toContain("charges_description_trgm_idx");
      expect(await keys({ q })).toEqual(["k7", "k700", "k1500"]);
    }
  });
});
