// The outbound budget on a real database: at most `limit` requests in any minute per key, shared
// by every connection (instance), lookups leave room for charges, and a 429 pauses the key.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { BudgetExhausted, createBudget, DEFAULT_PAUSE_S, keyId, MAX_PAUSE_S, placeSql, WINDOW_MS } from "@/lib/momo/budget";
import { upstreamPlaces } from "@/lib/db/schema";
import { budgetOn, KEY } from "../support/budget";
import { backends, useLedger } from "../support/db";

describe.each(backends)("outbound budget on $name", (backend) => {
  const db = useLedger(backend);
  const budget = budgetOn(db);

  /** Moves every place's last request back in time, as if that many ms had passed. */
  const timePasses = (ms: number) =>
    db()
      .update(upstreamPlaces)
      .set({ sentAt: sql`sent_at - make_interval(secs => ${ms / 1000})` });

  test("grants `limit` places in a minute, then says when the next one frees up", async () => {
    const b = budget(5);
    const calls = new Set<number>();
    for (let i = 1; i <= 5; i++) {
      const t = await b.tryTake("charge");
      if (!t.granted) throw new Error(`place ${i} refused`);
      calls.add(t.callId);
      expect((await b.status()).used).toBe(i);
    }
    expect(calls.size).toBe(5);
    const refused = await b.tryTake("charge");
    expect(refused).toMatchObject({ granted: false, paused: false });
    if (refused.granted) throw new Error("unreachable");
    // A minute and the margin (WINDOW_MS).
    expect(refused.retryAfterMs).toBeGreaterThan(WINDOW_MS - 1_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(WINDOW_MS);
    expect(await b.status()).toMatchObject({ limit: 5, used: 5, left: 0, pausedForMs: 0 });
  });

  test("the window slides: a place frees up exactly when the oldest request is a minute old", async () => {
    const b = budget(3);
    await b.tryTake("charge");
    await timePasses(30_000);
    await b.tryTake("charge");
    await b.tryTake("charge");
    const refused = await b.tryTake("charge");
    // The oldest of the three was sent 30 s ago: room again once it is WINDOW_MS old, not at a minute boundary.
    expect(refused.granted).toBe(false);
    if (!refused.granted) expect(Math.abs(refused.retryAfterMs - (WINDOW_MS - 30_000))).toBeLessThan(1_000);
    await timePasses(WINDOW_MS - 30_000 + 1);
    expect(await b.tryTake("charge")).toMatchObject({ granted: true });
    expect((await b.status()).used).toBe(3);
    expect(await b.tryTake("charge")).toMatchObject({ granted: false });
    expect((await b.status()).left).toBe(0);
  });

  test("a place is dated from when its request leaves, not from when it was taken", async () => {
    const b = budget(2);
    const first = await b.take("charge");
    await b.take("charge");
    await timePasses(WINDOW_MS - 500); // both taken almost a window ago …
    await db().execute(placeSql.sent(first)); // … but the first one is only leaving now (a slow ledger write)
    const refused = await b.tryTake("charge");
    expect(refused.granted).toBe(false);
    // Room again when the second leaves the window (in about 0.5 s), not the first: with the
    // time of taking, the upstream would see three requests within one minute.
    if (!refused.granted) expect(refused.retryAfterMs).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 700));
    expect((await b.tryTake("charge")).granted).toBe(true);
    const again = await b.tryTake("charge");
    expect(again.granted).toBe(false);
    if (!again.granted) expect(again.retryAfterMs).toBeGreaterThan(WINDOW_MS - 3_000);
  });

  test("lookups leave a tenth of the budget to charges", async () => {
    const b = budget(10);
    for (let i = 0; i < 9; i++) expect((await b.tryTake("lookup")).granted).toBe(true);
    expect((await b.tryTake("lookup")).granted).toBe(false);
    expect((await b.tryTake("charge")).granted).toBe(true);
    expect((await b.tryTake("charge")).granted).toBe(false);
  });

  test("each key has its own budget, stored under a digest rather than the key", async () => {
    const a = budget(1, 0, "sk_test_key_a_000000");
    const other = budget(1, 0, "sk_test_key_b_000000");
    expect((await a.tryTake("charge")).granted).toBe(true);
    expect((await other.tryTake("charge")).granted).toBe(true);
    expect((await a.tryTake("charge")).granted).toBe(false);
    const stored = await db().select().from(upstreamPlaces);
    expect(stored.map((r) => r.keyId).sort()).toEqual([keyId("sk_test_key_a_000000"), keyId("sk_test_key_b_000000")].sort());
    expect(JSON.stringify(stored)).not.toContain("sk_test_key");
  });

  test("take() waits briefly for a place that frees up soon, and refuses one that does not", async () => {
    const b = budget(2, 1_500);
    await b.tryTake("charge");
    await b.tryTake("charge");
    await timePasses(WINDOW_MS - 700); // both free up in about 0.7 s
    const started = Date.now();
    await b.take("charge");
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await b.take("charge");
    const error = await b.take("charge").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExhausted);
    expect((error as BudgetExhausted).message).toMatch(
      /^This minute's requests to the mobile money service are used up\. Nothing was sent; try again in (60|61) s\.$/,
    );
    expect((error as BudgetExhausted).retryAfterSeconds).toBeGreaterThanOrEqual(60);
  });

  test("a pause after a 429 stops every kind of request until it ends", async () => {
    const b = budget(100);
    await b.pause(2);
    const refused = await b.tryTake("charge");
    expect(refused).toMatchObject({ granted: false, paused: true });
    if (!refused.granted) expect(refused.retryAfterMs).toBeLessThanOrEqual(2_000);
    expect((await b.status()).pausedForMs).toBeGreaterThan(0);
    // A shorter pause never shortens a longer one; no Retry-After means DEFAULT_PAUSE_S.
    await b.pause(1);
    await b.pause(null);
    const longer = await b.tryTake("lookup");
    if (!longer.granted) expect(longer.retryAfterMs).toBeGreaterThan((DEFAULT_PAUSE_S - 1) * 1000);
    await expect(b.take("charge")).rejects.toThrow(
      /The mobile money service asked us to slow down\. Nothing was sent; try again in 30 s\./,
    );
  });

  test("a Retry-After of a day pauses for MAX_PAUSE_S at most, and the status says until when", async () => {
    const b = budget(100);
    await b.pause(86_400);
    const status = await b.status();
    expect(status.pausedForMs).toBeGreaterThan((MAX_PAUSE_S - 5) * 1000);
    expect(status.pausedForMs).toBeLessThanOrEqual(MAX_PAUSE_S * 1000);
    expect(Math.abs(Date.parse(status.pausedUntil!) - (Date.now() + status.pausedForMs))).toBeLessThan(2_000);
    expect((await budget(100, 0, "sk_test_another_key_0001").status()).pausedUntil).toBeNull();
  });

  test("a place given back is free again at once; a late give-back never frees a later use of that place", async () => {
    const b = budget(1);
    const first = await b.take("charge");
    await b.release(first);
    const second = await b.take("charge"); // the same place, free again
    expect(second).not.toBe(first);
    await b.release(first); // a stale give-back: that use is over
    expect((await b.tryTake("charge")).granted).toBe(false);
    await timePasses(WINDOW_MS + 1);
    const third = await b.take("charge"); // the place again, a minute on
    await b.release(second); // the use before: changes nothing
    await db().execute(placeSql.sent(second));
    expect((await b.tryTake("charge")).granted).toBe(false);
    await b.release(third);
    expect((await b.tryTake("charge")).granted).toBe(true);
  });

  test("a higher limit adds places at once; a lower one keeps every request of the minute counted", async () => {
    expect((await budget(2).tryTake("charge")).granted).toBe(true);
    expect((await budget(2).tryTake("charge")).granted).toBe(true);
    expect((await budget(2).tryTake("charge")).granted).toBe(false);
    for (let i = 0; i < 4; i++) expect((await budget(6).tryTake("charge")).granted).toBe(true);
    expect((await budget(6).tryTake("charge")).granted).toBe(false);
    // Six sent this minute: with a limit of four nothing more may go until they leave the window,
    // although the places above the fourth are gone.
    const lowered = await budget(4).tryTake("charge");
    expect(lowered).toMatchObject({ granted: false, paused: false });
    if (!lowered.granted) expect(lowered.retryAfterMs).toBeGreaterThan(WINDOW_MS - 2_000);
    expect(await db().select().from(upstreamPlaces)).toHaveLength(4);
    expect(await budget(4).status()).toMatchObject({ used: 4, left: 0 });
    await timePasses(WINDOW_MS + 1);
    for (let i = 0; i < 4; i++) expect((await budget(4).tryTake("charge")).granted).toBe(true);
    expect((await budget(4).tryTake("charge")).granted).toBe(false);
  });

  test("batches use the first places only: people always find the rest", async () => {
    const b = createBudget(db(), KEY, { limit: 10, maxWaitMs: 0, batchShare: 0.7 });
    for (let i = 0; i < 7; i++) expect((await b.tryTake("batch")).granted).toBe(true);
    expect((await b.tryTake("batch")).granted).toBe(false);
    expect((await b.tryTake("lookup")).granted).toBe(true);
    expect((await b.tryTake("lookup")).granted).toBe(true);
    expect((await b.tryTake("lookup")).granted).toBe(false);
    expect((await b.tryTake("charge")).granted).toBe(true);
    expect((await b.tryTake("charge")).granted).toBe(false);
  });

  test("a new key's places are made once, however many callers ask for its first place at once", async () => {
    const others = backend.name === "postgres" ? [await backend.open(), await backend.open()] : [];
    try {
      const instances = [db(), ...others.map((o) => o.db)].map((d) => createBudget(d, KEY, { limit: 5_000, maxWaitMs: 0 }));
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => instances[i % instances.length].tryTake("charge")));
      expect(results.every((r) => r.granted)).toBe(true);
      const [{ n, top }] = await db().select({ n: sql<number>`count(*)::int`, top: sql<number>`max(slot)::int` }).from(upstreamPlaces);
      expect({ n, top }).toEqual({ n: 5_000, top: 5_000 });
      expect((await instances[0].status()).used).toBe(60);
    } finally {
      for (const o of others) await o.close();
    }
  });

  test("concurrent callers on separate connections never get more than the limit", async () => {
    // Two more connections to the same database stand in for two more app instances.
    const others = backend.name === "postgres" ? [await backend.open(), await backend.open()] : [];
    try {
      const instances = [db(), ...others.map((o) => o.db)].map((d) => createBudget(d, KEY, { limit: 30, maxWaitMs: 0 }));
      const results = await Promise.all(Array.from({ length: 90 }, (_, i) => instances[i % instances.length].tryTake("charge")));
      expect(results.filter((r) => r.granted)).toHaveLength(30);
      expect((await instances[0].status()).used).toBe(30);
      const calls = results.flatMap((r) => (r.granted ? [r.callId] : []));
      expect(new Set(calls).size).toBe(30);
    } finally {
      for (const o of others) await o.close();
    }
  });
});

describe("outbound budget, standalone", () => {
  test("keyId is stable, short and not the key", () => {
    expect(keyId(KEY)).toBe(keyId(KEY));
    expect(keyId(KEY)).toMatch(/^[0-9a-f]{24}$/);
    expect(keyId(`${KEY}x`)).not.toBe(keyId(KEY));
  });
});
