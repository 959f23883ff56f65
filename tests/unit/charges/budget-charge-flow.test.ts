// The outbound budget in the charge flow, on a real database with the sandbox over real HTTP: a
// full budget refuses a charge before anything is written, a replay takes no place, a 429 pauses.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { getCharge, listEvents } from "@/lib/charges/ledger";
import { checkCharge } from "@/lib/charges/refresh";
import { sweepOnce } from "@/lib/reconcile/sweep";
import { charges, upstreamPlaces } from "@/lib/db/schema";
import { BudgetExhausted } from "@/lib/momo/budget";
import { budgetOn } from "../support/budget";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { backends, countCharges, useLedger } from "../support/db";
import { sendJson } from "../support/http-server";
import { useSandboxUpstream } from "../support/sandbox";

describe.each(backends)("outbound budget on $name", (backend) => {
  const db = useLedger(backend);
  const budget = budgetOn(db);

  describe("in the charge flow", () => {
    const upstream = useSandboxUpstream();
    const deps = (b: ReturnType<typeof budget>) => ({ db: db(), upstream: clientFor(upstream.url), budget: b });

    test("a full budget refuses a new charge with nothing written and nothing sent", async () => {
      const b = budget(2);
      await createCharge(deps(b), chargeInput(), newKey());
      const first = newKey();
      await createCharge(deps(b), chargeInput(), first);
      const before = await countCharges(db());
      await expect(createCharge(deps(b), chargeInput(), newKey())).rejects.toBeInstanceOf(BudgetExhausted);
      expect(await countCharges(db())).toBe(before);
      expect(upstream.received).toHaveLength(2);
      // A replay of an earlier key needs no place: it is answered from the ledger.
      expect((await createCharge(deps(b), chargeInput(), first)).replayed).toBe(true);
    });

    test("a replay takes no place, and of twenty racers with one new key the nineteen losers give theirs back", async () => {
      const b = budget(25); // room for all twenty racers below: each takes a place before it learns it lost
      const key = newKey();
      await createCharge(deps(b), chargeInput(), key);
      expect((await b.status()).used).toBe(1);
      for (let i = 0; i < 3; i++) expect((await createCharge(deps(b), chargeInput(), key)).replayed).toBe(true);
      expect((await b.status()).used).toBe(1);
      // 20 at once with one new key: one row, one request, and the losers' places handed back.
      const racing = newKey();
      const results = await Promise.all(Array.from({ length: 20 }, () => createCharge(deps(b), chargeInput(), racing)));
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(upstream.received).toHaveLength(2);
      expect((await b.status()).used).toBe(2);
    });

    test("1,000 submissions the database refuses leave the budget where it was", async () => {
      // The attack: bodies that pass no schema today (a NUL in the description) but once made
      // the ledger write fail after a place was taken, each holding its place for a minute.
      const b = budget(1_000);
      await createCharge(deps(b), chargeInput(), newKey());
      const before = await b.status();
      const refused = { ...chargeInput(), description: "before\u0000after" };
      for (let round = 0; round < 20; round++) {
        const results = await Promise.allSettled(Array.from({ length: 50 }, () => createCharge(deps(b), refused, newKey())));
        expect(results.every((r) => r.status === "rejected")).toBe(true);
      }
      expect(await b.status()).toMatchObject({ used: before.used, left: before.left });
      expect(upstream.received).toHaveLength(1);
      expect(await countCharges(db())).toBe(1);
      // And a real charge still gets its place at once.
      expect((await createCharge(deps(b), chargeInput(), newKey())).charge.status).toBe("success");
    }, 90_000); // 1,000 rejected submissions: ~8 s on an idle machine, several times that on a busy one

    test("a charge's place is dated from its sending, after its ledger row was written", async () => {
      const { charge } = await createCharge(deps(budget(10)), chargeInput(), newKey());
      const [call] = await db().select().from(upstreamPlaces).where(sql`sent_at > '-infinity'`);
      expect(call.kind).toBe("charge");
      expect(call.sentAt.getTime()).toBeGreaterThanOrEqual(charge.createdAt.getTime());
    });

    test("an upstream 429 pauses the key for its Retry-After; the charge is recorded as not charged", async () => {
      const b = budget(100);
      upstream.handle((_req, res) => sendJson(res, 429, { message: "Too many requests" }, { "Retry-After": "7" }));
      const { charge } = await createCharge(deps(b), chargeInput(), newKey());
      expect(charge).toMatchObject({ status: "failed", outcomeCode: "rate_limited" });
      const refused = await b.tryTake("charge");
      expect(refused).toMatchObject({ granted: false, paused: true });
      if (!refused.granted) expect(refused.retryAfterMs).toBeGreaterThan(5_000);
      await expect(createCharge(deps(b), chargeInput(), newKey())).rejects.toThrow(/slow down.*try again in [67] s/);
      expect(upstream.received).toHaveLength(1);
    });

    test("a lookup with no room is skipped: nothing sent, nothing written, and the sweep stops", async () => {
      const roomy = budget(10);
      const { charge } = await createCharge(deps(roomy), chargeInput({ phoneNumber: "0240000002" }), newKey());
      expect(charge.status).toBe("pending");
      await db().update(charges).set({ createdAt: sql`created_at - interval '1 minute'` });
      // Nine places are taken: lookups may use nine of ten, so none is left for them.
      for (let i = 0; i < 8; i++) await roomy.tryTake("charge");
      upstream.received.length = 0;
      const eventsBefore = (await listEvents(db(), charge.id)).length;
      const result = await checkCharge({ db: db(), upstream: clientFor(upstream.url), budget: roomy }, charge.id);
      expect(result).toMatchObject({ checked: false, refused: { paused: false } });
      expect(upstream.received).toHaveLength(0);
      expect((await listEvents(db(), charge.id)).length).toBe(eventsBefore);
      expect(await getCharge(db(), charge.id)).toMatchObject({ status: "pending" });
      await db().update(charges).set({ lastCheckedAt: null });
      expect(
        await sweepOnce(
          { db: db(), upstream: clientFor(upstream.url), budget: roomy },
          { intervalMs: 60_000, interruptedAfterMs: 300_000 },
        ),
      ).toMatchObject({ checked: 0 });
      expect(upstream.received).toHaveLength(0);
      // A charge may still use the last place.
      expect((await roomy.tryTake("charge")).granted).toBe(true);
    });
  });
});
