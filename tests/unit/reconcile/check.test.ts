// Support checking an unclear charge again (checkByHand), on a real database with a real Better
// Auth member, and the sandbox (or a server that answers oddly) over real HTTP.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getCharge, listEvents } from "@/lib/charges/ledger";
import { checkByHand } from "@/lib/reconcile/settle";
import { charges } from "@/lib/db/schema";
import { apiError, useAuth } from "../support/auth";
import { backends } from "../support/db";
import { sendJson } from "../support/http-server";
import { NO_SUCH_ID, useReconciliation } from "../support/reconcile";

describe.each(backends)("reconciliation on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  const { upstream, support, deps, charge, auditsOf } = useReconciliation(db, auth);

  /** `unknown` with a reference: the upstream answered 200 with a status word we do not know. */
  async function unknownWithReference(reference = "TXN-MOMO-777") {
    upstream.handle((_req, res) => sendJson(res, 200, { status: "queued", transaction_reference: reference }));
    const row = await charge("0240000001");
    expect(row).toMatchObject({ status: "unknown", outcomeCode: "unreadable_response", reference });
    return row;
  }
  const lookups = () => upstream.received.filter((r) => r.method === "GET");

  test("checkByHand: an unknown charge without a reference → 409 no_reference, nothing asked", async () => {
    const row = await charge("0240000006"); // HTTP 500: unknown, no reference
    expect(row).toMatchObject({ status: "unknown", reference: null });
    expect(await apiError(checkByHand(deps(), row.id, support))).toMatchObject({ status: 409, code: "no_reference" });
    expect(lookups()).toHaveLength(0);
    expect(await auditsOf("charge_status_checked")).toEqual([]);
  });

  test("checkByHand: a settled charge → 409 not_open; an unknown id → 404", async () => {
    const row = await charge("0240000001");
    expect(await apiError(checkByHand(deps(), row.id, support))).toMatchObject({
      status: 409,
      code: "not_open",
      message: "This charge is already success.",
    });
    expect(await apiError(checkByHand(deps(), NO_SUCH_ID, support))).toMatchObject({ status: 404, code: "not_found" });
    expect(lookups()).toHaveLength(0);
  });

  test("checkByHand: an unknown charge with a reference settles from the lookup, with actor and audit", async () => {
    const row = await unknownWithReference();
    upstream.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-777", message: "Paid." }));
    const result = await checkByHand(deps(), row.id, support);
    expect(result).toMatchObject({
      checked: true,
      charge: { id: row.id, status: "success", message: "Paid.", settledAt: expect.any(Date) },
    });
    expect(lookups().map((r) => r.url)).toEqual(["/v1/payments/momo/charge/TXN-MOMO-777"]);
    expect(await getCharge(db(), row.id)).toMatchObject({ status: "success", outcomeCode: null, upstreamHttpStatus: 200 });
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "status_checked",
      status: "success",
      actor: support.id,
      detail: { answered: true },
    });
    expect(await auditsOf("charge_status_checked")).toMatchObject([
      { actorId: support.id, actorEmail: support.email, targetId: row.id, detail: { status: "success", answer: "Paid." } },
    ]);
  });

  test("checkByHand: the upstream's words reach the audit log without the customer's number or the description", async () => {
    const row = await unknownWithReference();
    upstream.handle((_req, res) =>
      sendJson(res, 200, { status: "success", message: "Paid by 0240000001 (+233 24 000 0001) for Unit test charge." }),
    );
    await checkByHand(deps(), row.id, support);
    const [entry] = await auditsOf("charge_status_checked");
    expect(entry.detail).toEqual({ status: "success", answer: "Paid by 024•••••01 (+233•••••••01) for [description]." });
  });

  test("checkByHand overrides the viewers' throttle, not a lookup made this second", async () => {
    const row = await charge("0240000002"); // pending
    await db().update(charges).set({ lastCheckedAt: sql`now() - interval '1500 milliseconds'` }); // inside the 2 s viewer throttle
    expect(await checkByHand(deps(), row.id, support)).toMatchObject({ checked: true, charge: { status: "pending" } });
    expect(await checkByHand(deps(), row.id, support)).toMatchObject({ checked: false, charge: { status: "pending" } });
    expect(lookups()).toHaveLength(1);
    expect(await auditsOf("charge_status_checked")).toHaveLength(1); // only a lookup that was sent is audited
  });

  test("checkByHand: a lookup that fails leaves the charge as it was", async () => {
    const row = await unknownWithReference();
    upstream.handle((_req, res) => sendJson(res, 503, { error: { message: "down" } }));
    const result = await checkByHand(deps(), row.id, support);
    expect(result).toMatchObject({ checked: true, charge: { status: "unknown", outcomeCode: "unreadable_response", settledAt: null } });
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "status_checked",
      status: null,
      actor: support.id,
      detail: { answered: false },
    });
  });

  test("an answer about other money is no success: the charge is unknown with the reason, sent and answered amounts both shown", async () => {
    // The charge itself: HTTP 200 "success" for -500 USD on a GHS 25.50 charge.
    upstream.handle((_req, res) =>
      sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-888", amount: -500, currency: "USD", message: "Paid." }),
    );
    const row = await charge("0240000001");
    expect(row).toMatchObject({ status: "unknown", outcomeCode: "answer_mismatch", reference: "TXN-MOMO-888", settledAt: null });
    expect(row.message).toContain("names another amount and currency (-500 USD) than the charge sent (25.5 GHS)");
    const answered = (await listEvents(db(), row.id)).find((e) => e.type === "answered");
    expect(answered).toMatchObject({ status: "unknown", detail: { code: "answer_mismatch", message: row.message } });
    expect((answered!.detail as { rawBody: string }).rawBody).toContain('"amount":-500');

    // A lookup naming the right money settles it; one naming other money leaves it unknown, with why.
    upstream.handle((_req, res) =>
      sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-888", amount: "25.50", currency: "GHS" }),
    );
    expect((await checkByHand(deps(), row.id, support)).charge).toMatchObject({ status: "success", outcomeCode: null });
  });

  test("a status lookup about other money moves a pending charge to unknown, not to success", async () => {
    upstream.handle((_req, res) => sendJson(res, 202, { status: "pending", transaction_reference: "TXN-MOMO-889" }));
    const row = await charge("0240000001");
    expect(row.status).toBe("pending");
    upstream.handle((_req, res) =>
      sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-889", amount: 2550, currency: "GHS" }),
    );
    const result = await checkByHand(deps(), row.id, support);
    expect(result.charge).toMatchObject({ status: "unknown", outcomeCode: "answer_mismatch", settledAt: null });
    expect(result.charge!.message).toContain("names another amount (2550 GHS) than the charge sent (25.5 GHS)");
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "status_checked",
      status: "unknown",
      detail: { answered: true },
    });
  });
});
