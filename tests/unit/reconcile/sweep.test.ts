// The background sweep on a real database, with the sandbox over real HTTP: it settles old open
// charges through the status lookup only, once per interval, and recovers interrupted rows.
import { inArray, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { getCharge, listEvents } from "@/lib/charges/ledger";
import { sweepOnce } from "@/lib/reconcile/sweep";
import { charges } from "@/lib/db/schema";
import { SETTLE_AFTER_MS } from "@/lib/market/test-numbers";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { faults, sendJson } from "../support/http-server";
import { ageSandboxCharge, forwardToSandbox, routeToSandbox, toRequest, useSandboxUpstream } from "../support/sandbox";
import { plantCharge } from "../support/ledger";

const OPTS = { intervalMs: 60_000, interruptedAfterMs: 5 * 60_000 };

describe.each(backends)("sweepOnce on $name", (backend) => {
  const db = useLedger(backend);
  const upstream = useSandboxUpstream();

  const deps = () => ({ db: db(), upstream: clientFor(upstream.url, { timeoutMs: 500 }) });
  const charge = async (phone: string) => (await createCharge(deps(), chargeInput({ phoneNumber: phone }), newKey())).charge;
  /** Older in the ledger (past SWEEP_MIN_AGE_MS) and, for the sandbox, past its settling time. */
  async function age(...rows: { id: string; reference: string | null }[]) {
    await db()
      .update(charges)
      .set({ createdAt: sql`created_at - interval '1 minute'` })
      .where(
        inArray(
          charges.id,
          rows.map((r) => r.id),
        ),
      );
    for (const r of rows) if (r.reference) ageSandboxCharge(r.reference, SETTLE_AFTER_MS);
  }
  /** Past every charge's lookup throttle, as if the interval had gone by. */
  const intervalPassed = () => db().update(charges).set({ lastCheckedAt: sql`now() - interval '2 minutes'` });

  test("settles old open charges from the lookup; skips young ones and those without a reference; never POSTs", async () => {
    // Approved, declined, too young, and HTTP 500 (unknown without a reference).
    const [approved, declined, young, noReference] = [
      await charge("0240000002"),
      await charge("0240000003"),
      await charge("0240000002"),
      await charge("0240000006"),
    ];
    // unknown WITH a reference: the upstream's 200 carried a status word we do not know.
    upstream.handle(async (_req, res, received) =>
      sendJson(res, 200, { ...(await (await routeToSandbox(toRequest(received))).json()), status: "queued" }),
    );
    const queued = await charge("0240000002");
    upstream.handle(forwardToSandbox);
    expect(queued).toMatchObject({ status: "unknown", reference: expect.stringMatching(/^TXN-MOMO-/) });
    await age(approved, declined, noReference, queued);
    upstream.received.length = 0;

    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 0, checked: 3, settled: 3 });
    expect(upstream.received.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [approved, declined, queued].map((c) => `GET /v1/payments/momo/charge/${c.reference}`).sort(),
    );
    expect(await getCharge(db(), approved.id)).toMatchObject({ status: "success", settledAt: expect.any(Date) });
    expect(await getCharge(db(), declined.id)).toMatchObject({ status: "failed", outcomeCode: "declined" });
    expect(await getCharge(db(), queued.id)).toMatchObject({ status: "success" });
    expect(await getCharge(db(), young.id)).toMatchObject({ status: "pending", lastCheckedAt: null });
    expect(await getCharge(db(), noReference.id)).toMatchObject({ status: "unknown", lastCheckedAt: null });
    expect((await listEvents(db(), approved.id)).at(-1)).toMatchObject({ type: "status_checked", status: "success", actor: null });

    // Nothing open and old is left: the next sweep asks nothing.
    await intervalPassed();
    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 0, checked: 0, settled: 0 });
    expect(upstream.received).toHaveLength(3);
    expect(upstream.received.every((r) => r.method === "GET")).toBe(true);
  });

  test("each charge at most once per interval, across quick or concurrent sweeps", async () => {
    const rows = [await charge("0240000002"), await charge("0240000003")];
    await db().update(charges).set({ createdAt: sql`created_at - interval '1 minute'` }); // old, but the sandbox still says pending
    upstream.received.length = 0;
    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 0, checked: 2, settled: 0 });
    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 0, checked: 0, settled: 0 });
    expect(upstream.received).toHaveLength(2);

    await intervalPassed();
    const [one, two] = await Promise.all([sweepOnce(deps(), OPTS), sweepOnce(deps(), OPTS)]); // two instances
    expect(one.checked + two.checked).toBe(2);
    expect(upstream.received).toHaveLength(4);
    for (const r of rows) expect(await getCharge(db(), r.id)).toMatchObject({ status: "pending" });
  });

  test("recovers rows left `submitting`, without asking the upstream", async () => {
    const row = async (minutesAgo: number) => (await plantCharge(db(), { createdAt: new Date(Date.now() - minutesAgo * 60_000) })).charge;
    const [stuck, inFlight] = [await row(10), await row(1)];
    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 1, checked: 0, settled: 0 });
    expect(await getCharge(db(), stuck.id)).toMatchObject({ status: "unknown", outcomeCode: "interrupted" });
    expect(await getCharge(db(), inFlight.id)).toMatchObject({ status: "submitting" });
    expect(upstream.received).toHaveLength(0);
  });

  test("a failing lookup (HTTP 500) leaves the charge as it was; a later sweep settles it", async () => {
    const pending = await charge("0240000002");
    await age(pending);
    upstream.handle(faults.error500);
    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 0, checked: 1, settled: 0 });
    expect(await getCharge(db(), pending.id)).toMatchObject({
      status: "pending",
      message: pending.message,
      upstreamHttpStatus: 202,
      upstreamBody: pending.upstreamBody,
      settledAt: null,
    });
    expect((await listEvents(db(), pending.id)).at(-1)).toMatchObject({
      type: "status_checked",
      status: null,
      detail: { answered: false, httpStatus: 500 },
    });

    upstream.handle(forwardToSandbox);
    await intervalPassed();
    expect(await sweepOnce(deps(), OPTS)).toEqual({ recovered: 0, checked: 1, settled: 1 });
    expect(upstream.received.filter((r) => r.method === "POST")).toHaveLength(1); // the charge itself, once
  });
});
