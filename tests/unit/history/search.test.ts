// Reference search by prefix (and the index that serves it), and the count of matching charges
// shown above the history, capped at 10,000.
import { and, desc, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { COUNT_CAP, countHistory, historyConditions, PAGE_SIZE } from "@/lib/history/queries";
import { parseHistoryFilters, type HistoryFilters } from "@/lib/history/filters";
import { rowsOf, type Db } from "@/lib/db/open";
import { charges, customers } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";
import { historyOn, id, ROWS } from "../support/history";

/** `n` charges made a minute apart, newest first: key k<first + i>, reference TXN-MOMO-<first + i>. */
async function manyCharges(db: Db, n: number, first = 100_000) {
  await db.execute(sql`insert into charges
      (idempotency_key, request_hash, amount_minor, currency, phone_number, provider, status, reference, created_at)
    select 'k' || (${first} + g), 'h', 100 + g, 'GHS', '0241234567', 'mtn', 'success', 'TXN-MOMO-' || (${first} + g),
      now() - g * interval '1 minute'
    from generate_series(0, ${n - 1}) g`);
}

describe.each(backends)("history search and count on $name", (backend) => {
  const db = useLedger(backend);
  const { insert, keys } = historyOn(db);

  test("words find a charge by its description or by the name of the directory's customer with its number", async () => {
    await db()
      .insert(customers)
      .values([
        { name: "Abena Asante", phoneNumber: "0241111111", provider: "mtn" },
        { name: "Kwame Mensah", phoneNumber: "0242222222", provider: "mtn" },
      ]);
    const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await insert([
      { key: "to-abena", id: id(900), at: at(1), phoneNumber: "0241111111", description: "Rent for March" },
      { key: "mentions-abena", id: id(901), at: at(2), phoneNumber: "0243333333", description: "Abena's shop, order 7" },
      { key: "to-kwame", id: id(902), at: at(3), phoneNumber: "0242222222", description: "School fees" },
      { key: "no-one", id: id(903), at: at(4), phoneNumber: "0244444444", description: "Walk-in" },
    ]);
    expect(await keys({ q: "Abena" })).toEqual(["to-abena", "mentions-abena"]);
    expect(await keys({ q: "asante" })).toEqual(["to-abena"]);
    expect(await keys({ q: "kwame mensah" })).toEqual(["to-kwame"]);
    expect(await keys({ q: "Kofi" })).toEqual([]);
    // A LIKE wildcard typed in the box is a character, not "anyone".
    expect(await keys({ q: "%%%" })).toEqual([]);
  });

  test("part of a reference finds every charge whose reference starts with it, newest first", async () => {
    await manyCharges(db(), 2000, 179_000);
    // TXN-MOMO-179500 … TXN-MOMO-179599: a hundred references start with TXN-MOMO-1795.
    const found = await keys({ q: "TXN-MOMO-1795" }, { limit: 500 });
    expect(found).toEqual(Array.from({ length: 100 }, (_, i) => `k${179_500 + i}`));
    expect(await keys({ q: "txn-momo-179512" })).toEqual(["k179512"]);
    // A reference's middle is not its start.
    expect(await keys({ q: "TXN-MOMO-9512" })).toEqual([]);
  });

  test("a reference prefix is a range scan of the text_pattern_ops index, whatever the collation", async () => {
    await manyCharges(db(), 2000);
    await db().execute(sql`analyze charges`);
    const query = db()
      .select()
      .from(charges)
      .where(and(...historyConditions({ q: "TXN-MOMO-1015" })))
      .orderBy(desc(charges.createdAt), desc(charges.id))
      .limit(PAGE_SIZE + 1);
    type Line = { "QUERY PLAN": string };
    let plan = "";
    await db()
      .transaction(async (tx) => {
        // The unique index compares in the database's collation: LIKE can use it only under "C"
        // (PGlite's). Without it, as on a PostgreSQL in en_US.UTF-8, the prefix index must serve.
        await tx.execute(sql`drop index charges_reference_uq`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        plan = rowsOf<Line>(await tx.execute(sql`explain ${query}`))
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(plan).toContain("charges_reference_prefix_idx");
    // A range of the index (text_pattern_ops' own operators), not a filter over every row.
    expect(plan).toMatch(/Index Cond: .*~>=~ 'TXN-MOMO-1015'.*~<~ 'TXN-MOMO-1016'/);
    // And the index is still there: dropping it was rolled back.
    expect(await keys({ q: "TXN-MOMO-101500" })).toEqual(["k101500"]);
  });

  test.each<[string, HistoryFilters, number]>([
    ["no filter", {}, 7],
    ["status", { status: "success" }, 3],
    ["network + status", { network: "vodafone", status: "pending" }, 1],
    ["a day", { from: "2026-01-02", to: "2026-01-02" }, 2],
    ["words", { q: "rent" }, 2],
    ["a reference prefix", { q: "TXN-MOMO-100" }, 4],
    ["nothing matches", { status: "submitting" }, 0],
  ])("counts the charges that match: %s", async (_name, filters, n) => {
    await insert(ROWS);
    expect(await countHistory(db(), filters)).toEqual({ count: n, capped: false });
  });

  test("counts every page of a filter, not the page shown", async () => {
    await manyCharges(db(), 120);
    expect(await countHistory(db(), parseHistoryFilters(new URLSearchParams("status=success")).filters)).toEqual({
      count: 120,
      capped: false,
    });
  });

  test(`stops at ${COUNT_CAP.toLocaleString("en-GB")}: exactly that many is a count, one more is "more than"`, async () => {
    await manyCharges(db(), COUNT_CAP);
    expect(await countHistory(db(), {})).toEqual({ count: COUNT_CAP, capped: false });
    await manyCharges(db(), 1, 900_000);
    expect(await countHistory(db(), {})).toEqual({ count: COUNT_CAP, capped: true });
    expect(await countHistory(db(), { q: "TXN-MOMO-9000" })).toEqual({ count: 1, capped: false });
  }, 60_000);
});
