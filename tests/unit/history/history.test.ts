// The history query on a real database: each filter in SQL, newest first, and a description
// search the trigram index serves.
import { and, desc, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { parseHistoryFilters, type HistoryFilters } from "@/lib/history/filters";
import { historyConditions, PAGE_SIZE } from "@/lib/history/queries";
import { rowsOf } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";
import { historyOn, ROWS } from "../support/history";

describe.each(backends)("queryHistory on $name", (backend) => {
  const db = useLedger(backend);
  const { insert, keys } = historyOn(db);

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
    // Days are the business's: 1 Jan in Auckland (UTC+13) began at 11:00 UTC on 31 Dec.
    [
      "a day in the business's zone, ahead of UTC",
      { from: "2026-01-01", to: "2026-01-01", timeZone: "Pacific/Auckland" },
      ["f", "b", "a", "e"],
    ],
    [
      "a day in the business's zone, behind UTC",
      { from: "2026-01-02", to: "2026-01-02", timeZone: "America/Los_Angeles" },
      ["d", "c", "g"],
    ],
    ["to a day", { to: "2025-12-31" }, ["e"]],
    ["status + network + min", { status: "success", network: "mtn", minMinor: 1000 }, ["a", "e"]],
    ["member + network + status", { member: "user-2", network: "vodafone", status: "pending" }, ["b"]],
    ["dates + status + currency", { from: "2026-01-01", status: "failed", currency: "GHS" }, ["f"]],
    ["a reference, any case", { q: "txn-momo-1003" }, ["c"]],
    ["an unknown reference", { q: "TXN-MOMO-9" }, []],
    ["the start of references", { q: "TXN-MOMO-100" }, ["c", "b", "a", "e"]],
    ["the end of a reference is not its start", { q: "TXN-MOMO-003" }, []],
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

  test("the description search can use the trigram index", async () => {
    await db().execute(sql`insert into charges
        (idempotency_key, request_hash, amount_minor, currency, phone_number, provider, description, created_at)
      select 'k' || g, 'h', 100 + g, 'GHS', '0241234567', 'mtn', 'Order ' || g || ' ' || md5(g::text), now() - g * interval '1 minute'
      from generate_series(1, 2000) g`);
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
