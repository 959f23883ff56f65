// Pending charges brought up to date through the upstream's status lookup, and rows left
// `submitting` by a crash, on a real database and the sandbox over real HTTP.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { recordChargeAnswer } from "@/lib/charges/answer";
import { getCharge, listEvents, recoverInterrupted } from "@/lib/charges/ledger";
import { refreshCharge } from "@/lib/charges/refresh";
import { charges } from "@/lib/db/schema";
import { mapChargeResponse } from "@/lib/momo/status";
import { SETTLE_AFTER_MS } from "@/lib/market/test-numbers";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { faults, startServer, type TestServer } from "../support/http-server";
import { ageSandboxCharge, forwardToSandbox, resetSandbox } from "../support/sandbox";
import { plantCharge } from "../support/ledger";

describe.each(backends)("refreshCharge and recoverInterrupted on $name", (backend) => {
  const db = useLedger(backend);
  let upstream: TestServer;
  beforeAll(async () => {
    upstream = await startServer();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    resetSandbox();
    upstream.received.length = 0;
    upstream.handle(forwardToSandbox);
  });

  const deps = () => ({ db: db(), upstream: clientFor(upstream.url, { timeoutMs: 300 }) });
  const lookups = () => upstream.received.filter((r) => r.method === "GET").length;
  const pendingCharge = async (phone = "0240000002") => {
    const { charge } = await createCharge(deps(), chargeInput({ phoneNumber: phone }), newKey());
    expect(charge).toMatchObject({ status: "pending", reference: expect.stringMatching(/^TXN-MOMO-/) });
    return charge;
  };

  test.each([
    ["0240000002", "success", "The customer approved the charge on their phone."],
    ["0240000003", "failed", "The customer declined the charge on their phone."],
  ])("%s: pending until the lookup says %s", async (phone, settled, message) => {
    const charge = await pendingCharge(phone);
    expect(await refreshCharge(deps(), charge.id)).toMatchObject({ status: "pending", settledAt: null });
    expect(lookups()).toBe(1);
    expect(upstream.received[1].url).toBe(`/v1/payments/momo/charge/${charge.reference}`);

    ageSandboxCharge(charge.reference!, SETTLE_AFTER_MS);
    await db().update(charges).set({ lastCheckedAt: sql`now() - interval '1 minute'` }); // past the throttle
    const row = await refreshCharge(deps(), charge.id);
    expect(lookups()).toBe(2);
    expect(row).toMatchObject({
      status: settled,
      message,
      reference: charge.reference,
      upstreamHttpStatus: 200,
      settledAt: expect.any(Date),
    });
    expect(row!.outcomeCode).toBe(settled === "failed" ? "declined" : null);
    expect((await listEvents(db(), charge.id)).map((e) => [e.type, e.status])).toEqual([
      ["created", "submitting"],
      ["answered", "pending"],
      ["status_checked", "pending"],
      ["status_checked", settled],
    ]);

    // Settled: no more lookups.
    expect(await refreshCharge(deps(), charge.id)).toMatchObject({ status: settled });
    expect(lookups()).toBe(2);
  });

  test("throttled by claimStatusCheck: quick refreshes make one lookup", async () => {
    const charge = await pendingCharge();
    expect(await refreshCharge(deps(), charge.id)).toMatchObject({ status: "pending" });
    ageSandboxCharge(charge.reference!, SETTLE_AFTER_MS); // the upstream would now say success…
    const again = [
      await refreshCharge(deps(), charge.id),
      ...(await Promise.all(Array.from({ length: 5 }, () => refreshCharge(deps(), charge.id)))),
    ];
    expect(lookups()).toBe(1); // …but within the interval nobody asks again
    expect(again.map((c) => c!.status)).toEqual(Array(6).fill("pending"));
  });

  test("concurrent refreshes of a fresh pending charge make one lookup", async () => {
    const charge = await pendingCharge();
    await Promise.all(Array.from({ length: 5 }, () => refreshCharge(deps(), charge.id)));
    expect(lookups()).toBe(1);
  });

  test.each([
    ["HTTP 500", faults.error500],
    ["timeout", faults.hang],
    ["connection reset", faults.reset],
    ["garbage 200", ((_req, res) => void res.writeHead(200).end("<html>")) as typeof faults.hang],
    [
      "a 200 over 64 kB",
      ((_req, res) => void res.writeHead(200).end(`{"status":"success","x":"${"a".repeat(70_000)}"}`)) as typeof faults.hang,
    ],
  ])("a failed lookup (%s) leaves the charge pending", async (_name, fault) => {
    const charge = await pendingCharge();
    ageSandboxCharge(charge.reference!, SETTLE_AFTER_MS);
    upstream.handle(fault);
    const row = await refreshCharge(deps(), charge.id);
    expect(lookups()).toBe(1);
    expect(row).toMatchObject({ status: "pending", message: charge.message, upstreamHttpStatus: 202, settledAt: null });
    const events = await listEvents(db(), charge.id);
    expect(events.at(-1)).toMatchObject({ type: "status_checked", status: null, detail: { answered: false } });
  });

  test("charges that are not pending are never looked up", async () => {
    const { charge } = await createCharge(deps(), chargeInput(), newKey());
    expect(await refreshCharge(deps(), charge.id)).toMatchObject({ status: "success" });
    expect(await refreshCharge(deps(), "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(lookups()).toBe(0);
  });

  test("recoverInterrupted turns old `submitting` rows into `unknown`, leaves recent ones", async () => {
    const minutesAgo = (m: number) => ({ createdAt: new Date(Date.now() - m * 60_000) });
    const old = (await plantCharge(db(), minutesAgo(10))).charge;
    const recent = (await plantCharge(db(), minutesAgo(0))).charge;
    const settled = (await plantCharge(db(), minutesAgo(10))).charge;
    await recordChargeAnswer(db(), settled.id, mapChargeResponse(202, '{"status":"pending"}'));

    expect(await recoverInterrupted(db(), 5 * 60_000)).toBe(1);
    expect(await getCharge(db(), old.id)).toMatchObject({
      status: "unknown",
      outcomeCode: "interrupted",
      message: expect.stringMatching(/may have moved/),
    });
    expect(await getCharge(db(), recent.id)).toMatchObject({ status: "submitting" });
    expect(await getCharge(db(), settled.id)).toMatchObject({ status: "pending" });
    expect((await listEvents(db(), old.id)).map((e) => e.type)).toEqual(["created", "interrupted"]);
    expect(await recoverInterrupted(db(), 5 * 60_000)).toBe(0);

    // A late answer cannot overwrite a row a person is now reconciling.
    expect(await recordChargeAnswer(db(), old.id, mapChargeResponse(200, '{"status":"success"}'))).toBeNull();
    expect(await getCharge(db(), old.id)).toMatchObject({ status: "unknown" });
  });
});
