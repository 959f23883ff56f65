// Retention on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a dry run changes
// nothing; applying masks exactly the settled charges made before the cutoff (one at the cutoff
// itself is kept), their raw answers and timelines included; amounts, statuses, references and
// the Insights totals stay; a second run and two runs at once mask nothing twice; an applied run
// is in the audit log; an old key replayed after retention still answers with its charge.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { loadInsights } from "@/lib/insights/queries";
import { runRetention } from "@/lib/retention/retention";
import { requestHash } from "@/lib/charges/request-hash";
import type { Db } from "@/lib/db/open";
import { auditEvents, chargeEvents, charges, type NewCharge } from "@/lib/db/schema";
import { chargeInput, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { chargeRow } from "../support/rows";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const DAY = 86_400_000;
const CUTOFF = new Date(NOW.getTime() - 400 * DAY);
const PERIOD = { from: "2024-01-01", to: "2026-06-01" };

function row(i: number, status: NewCharge["status"], createdAt: Date): NewCharge {
  const phone = `024555${String(1000 + i).slice(-4)}`;
  const description = `School fees for Ama, class ${i}`;
  return chargeRow({
    idempotencyKey: `ret-${i}`,
    requestHash: requestHash({ amountMinor: 1000 + i, currency: "GHS", phoneNumber: phone, provider: "mtn", vouchers: "", description }),
    status,
    amountMinor: 1000 + i,
    phoneNumber: phone,
    description,
    reference: `TXN-MOMO-${5000 + i}`,
    message: `Charged ${phone} for ${description}`,
    upstreamBody: JSON.stringify({ status, phone_number: phone, description, msisdn: `233${phone.slice(1)}` }),
    createdBy: "member-ama",
    createdAt,
    settledAt: status === "success" || status === "failed" ? createdAt : null,
  });
}

/** 12 old charges of every status, one exactly at the cutoff, one just before, 3 recent ones. */
async function fill(db: Db) {
  const old = new Date(CUTOFF.getTime() - 30 * DAY);
  const statuses = ["success", "failed", "pending", "unknown", "submitting", "success"] as const;
  const rows = [
    ...Array.from({ length: 12 }, (_, i) => row(i, statuses[i % statuses.length], new Date(old.getTime() + i * 60_000))),
    row(20, "success", CUTOFF),
    row(21, "failed", new Date(CUTOFF.getTime() - 1)),
    ...Array.from({ length: 3 }, (_, i) => row(30 + i, "success", new Date(NOW.getTime() - i * DAY))),
  ];
  const inserted = await db.insert(charges).values(rows).returning();
  await db.insert(chargeEvents).values(
    inserted.flatMap((c) => [
      { chargeId: c.id, type: "answered" as const, status: c.status, detail: { message: c.message, rawBody: c.upstreamBody } },
      { chargeId: c.id, type: "reconciled" as const, status: c.status, detail: { note: `Called ${c.phoneNumber} about ${c.description}` } },
    ]),
  );
  return inserted;
}

const all = (db: Db) => db.select().from(charges).orderBy(charges.createdAt, charges.id);

describe.each(backends)("retention on $name", (backend) => {
  const db = useLedger(backend);

  test("a dry run reports what would change and changes nothing", async () => {
    await fill(db());
    const before = await all(db());
    const report = await runRetention(db(), { olderThanDays: 400, apply: false, now: NOW });
    const expected = before.filter((c) => (c.status === "success" || c.status === "failed") && c.createdAt < CUTOFF);
    expect(report).toMatchObject({ applied: false, charges: expected.length, cutoff: CUTOFF.toISOString() });
    expect(report.from).toBe(expected[0].createdAt.toISOString());
    expect(report.to).toBe(expected.at(-1)?.createdAt.toISOString());
    expect(await all(db())).toEqual(before);
    expect(await db().select().from(auditEvents)).toEqual([]);
    expect(report.charges).toBe(7); // 6 of the 12 old ones are settled, and the one a millisecond before the cutoff
  });

  test("apply masks exactly the settled charges before the cutoff, everywhere they are written, and keeps the rest", async () => {
    await fill(db());
    const before = await all(db());
    const insightsBefore = await loadInsights(db(), PERIOD, "UTC");
    const report = await runRetention(db(), { olderThanDays: 400, apply: true, now: NOW, batchSize: 2 });
    const after = await all(db());
    const masked = before.filter((c) => (c.status === "success" || c.status === "failed") && c.createdAt < CUTOFF);
    expect(report).toMatchObject({ applied: true, charges: masked.length });
    for (const [i, b] of before.entries()) {
      const a = after[i];
      // Amounts, statuses, references, dates and who made it: untouched.
      expect({ ...a, phoneNumber: 0, description: 0, message: 0, upstreamBody: 0, requestHash: 0, redactedAt: 0 }).toEqual({
        ...b,
        phoneNumber: 0,
        description: 0,
        message: 0,
        upstreamBody: 0,
        requestHash: 0,
        redactedAt: 0,
      });
      if (!masked.some((m) => m.id === b.id)) {
        expect(a).toEqual(b);
        continue;
      }
      expect(a.phoneNumber).toBe(`024•••••${b.phoneNumber.slice(-2)}`);
      expect(a.description).toBe("[removed by retention]");
      expect(a.redactedAt).toBeInstanceOf(Date);
      expect(a.requestHash).not.toBe(b.requestHash);
      const texts = JSON.stringify([a, await db().select().from(chargeEvents).where(eq(chargeEvents.chargeId, a.id))]);
      expect(texts).not.toContain(b.phoneNumber.slice(1));
      expect(texts).not.toContain(b.description);
      expect(texts).toContain(b.reference);
    }
    // The charge exactly at the cutoff is not older than the period: kept.
    expect(after.find((c) => c.idempotencyKey === "ret-20")?.redactedAt).toBeNull();
    expect(after.find((c) => c.idempotencyKey === "ret-21")?.redactedAt).not.toBeNull();
    expect(await loadInsights(db(), PERIOD, "UTC")).toEqual(insightsBefore);
    const [entry] = await db().select().from(auditEvents);
    expect(entry).toMatchObject({
      action: "data_retention_run",
      actorEmail: "command line",
      detail: { olderThanDays: 400, cutoff: CUTOFF.toISOString(), charges: masked.length },
    });
    expect(JSON.stringify(entry)).not.toMatch(/0245|School fees/);
  });

  test("a second run masks nothing more; two runs at once share the work and mask each charge once", async () => {
    await fill(db());
    const expected = (await runRetention(db(), { olderThanDays: 400, apply: false, now: NOW })).charges;
    const [a, b] = await Promise.all([
      runRetention(db(), { olderThanDays: 400, apply: true, now: NOW, batchSize: 1 }),
      runRetention(db(), { olderThanDays: 400, apply: true, now: NOW, batchSize: 1 }),
    ]);
    expect(a.charges + b.charges).toBe(expected);
    const again = await runRetention(db(), { olderThanDays: 400, apply: true, now: NOW });
    expect(again.charges).toBe(0);
    const rows = await all(db());
    expect(rows.filter((c) => c.redactedAt).length).toBe(expected);
    // Masked once: the mask of a mask would have lost the last two digits.
    for (const c of rows.filter((r) => r.redactedAt)) expect(c.phoneNumber).toMatch(/^024•{5}\d\d$/);
    expect((await db().select().from(auditEvents)).map((e) => e.action)).toEqual(Array(3).fill("data_retention_run"));
  });

  test("replaying an old key after retention answers with the masked charge; another request on it is still refused", async () => {
    const input = chargeInput({ phoneNumber: "0241112233", description: "Consultation" });
    const key = newKey();
    const upstream = {
      charge: async () => ({ status: "success", httpStatus: 200, reference: "TXN-MOMO-42", message: "ok", code: null, rawBody: "{}" }),
    };
    const deps = { db: db(), upstream } as unknown as Parameters<typeof createCharge>[0];
    const first = await createCharge(deps, input, key, null);
    await db().update(charges).set({ createdAt: sql`now() - interval '500 days'` });
    expect((await runRetention(db(), { olderThanDays: 400, apply: true })).charges).toBe(1);
    const replay = await createCharge(deps, input, key, null);
    expect(replay).toMatchObject({ replayed: true, charge: { id: first.charge.id, phoneNumber: "024•••••33" } });
    await expect(createCharge(deps, { ...input, amountMinor: input.amountMinor + 1 }, key, null)).rejects.toMatchObject({
      code: "idempotency_mismatch",
    });
  });

  test.each([0, 29, 30.5, -400, Number.NaN, 3661])("a period of %s days is refused before anything is read", async (days) => {
    await expect(runRetention(db(), { olderThanDays: days, apply: true })).rejects.toThrow(/whole number of days from 30 to 3660/);
  });
});
