// The charge use case on a real database and a real HTTP upstream (the sandbox, or a server
// that injects a fault): the ledger row comes first, outcomes are kept, audited once.
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { eq } from "drizzle-orm";
import { recordChargeAnswer } from "@/lib/charges/answer";
import { listEvents } from "@/lib/charges/ledger";
import { mapChargeResponse } from "@/lib/momo/status";
import { auditEvents } from "@/lib/db/schema";
import { chargeInput, newKey } from "../support/charge";
import { backends, chargeByKey, eventTypes, useLedger } from "../support/db";
import { faults, sendJson } from "../support/http-server";
import { plantCharge, useChargeUpstream } from "../support/ledger";
import { forwardToSandbox } from "../support/sandbox";

describe.each(backends)("createCharge on $name", (backend) => {
  const db = useLedger(backend);
  const { upstream, deps, posts } = useChargeUpstream(db);

  test("the row is `submitting` in the ledger when the upstream receives the request", async () => {
    const key = newKey();
    let seen: Awaited<ReturnType<typeof chargeByKey>> = [];
    upstream.handle(async (req, res, received) => {
      seen = await chargeByKey(db(), key);
      await forwardToSandbox(req, res, received);
    });
    const { charge } = await createCharge(deps(), chargeInput(), key, "member-1");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: charge.id, status: "submitting", reference: null, amountMinor: 2550, createdBy: "member-1" });
    expect(charge.status).toBe("success");
    expect(await eventTypes(db(), charge.id)).toEqual(["created", "answered"]);
  });

  test.each([
    ["0240000001", "success", null, 200, "The charge completed instantly and was auto-authorized."],
    ["0240000002", "pending", null, 202, "A USSD prompt was sent to the customer's phone to approve the charge."],
    ["0240000004", "failed", "declined", 200, "Insufficient funds in the customer's wallet."],
    ["0240000006", "unknown", "upstream_error", 500, "The sandbox simulated an internal error. Nothing was charged."],
  ])("sandbox number %s is stored as %s / %s", async (phone, status, code, httpStatus, message) => {
    const key = newKey();
    const { charge, replayed } = await createCharge(deps(), chargeInput({ phoneNumber: phone }), key);
    expect(replayed).toBe(false);
    const [row] = await chargeByKey(db(), key);
    expect(row).toEqual(charge);
    expect(row).toMatchObject({ status, outcomeCode: code, upstreamHttpStatus: httpStatus, message, phoneNumber: phone });
    const body = JSON.parse(row.upstreamBody!);
    if (httpStatus === 500) expect(row.reference).toBeNull();
    else expect(row.reference).toBe(body.transaction_reference);
    expect(row.reference ?? "TXN-MOMO-0").toMatch(/^TXN-MOMO-\d+$/);
    expect(row.settledAt !== null).toBe(status === "success" || status === "failed");
    const [, answered] = await listEvents(db(), row.id);
    expect(answered).toMatchObject({ type: "answered", status, detail: { httpStatus, code, rawBody: row.upstreamBody } });
  });

  test("the amount reaches the upstream in major units", async () => {
    await createCharge(deps(), chargeInput({ amount: "1,250.05" }), newKey());
    expect(JSON.parse(upstream.received[0].body)).toMatchObject({ amount: 1250.05, currency: "GHS", vouchers: "" });
  });
  test.each([
    ["no answer (timeout)", "timeout", faults.hang],
    ["body stalls (timeout)", "timeout", faults.stallBody],
    ["HTTP 500", "upstream_error", faults.error500],
    ["connection reset", "network", faults.reset],
  ] as const)("%s → the row is `unknown` (%s), never lost", async (_name, code, handler) => {
    upstream.handle(handler);
    const key = newKey();
    const { charge } = await createCharge(deps(300), chargeInput(), key);
    expect(posts()).toBe(1);
    const [row] = await chargeByKey(db(), key);
    expect(row).toEqual(charge);
    expect(row).toMatchObject({ status: "unknown", outcomeCode: code, reference: null, settledAt: null });
    expect(row.message).toMatch(/may have moved/);
    expect(await eventTypes(db(), row.id)).toEqual(["created", "answered"]);
    // The key still answers with that row; nothing is sent again.
    expect(await createCharge(deps(), chargeInput(), key)).toMatchObject({ replayed: true, charge: { id: row.id, status: "unknown" } });
    expect(posts()).toBe(1);
  });

  test("an upstream reference another charge already holds → `unknown`, the answer kept, nothing thrown", async () => {
    upstream.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-42" }));
    const first = await createCharge(deps(), chargeInput(), newKey());
    const second = await createCharge(deps(), chargeInput({ amount: "3" }), newKey());
    expect(first.charge).toMatchObject({ status: "success", reference: "TXN-MOMO-42" });
    expect(second.charge).toMatchObject({
      status: "unknown",
      outcomeCode: "duplicate_reference",
      reference: null,
      upstreamHttpStatus: 200,
    });
    expect(second.charge.upstreamBody).toContain("TXN-MOMO-42");
    expect(second.charge.message).toMatch(/TXN-MOMO-42.*may have moved/);
    const [, answered] = await listEvents(db(), second.charge.id);
    expect(answered.detail).toMatchObject({ reference: "TXN-MOMO-42", duplicateOf: first.charge.id });
  });

  test("the audit row is written with the answer, once, with the outcome (duplicate reference too)", async () => {
    upstream.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-77" }));
    const audit = { action: "charge_created" as const, actorId: "member-1", actorEmail: "ama@example.com" };
    const first = await createCharge({ ...deps(), audit }, chargeInput(), newKey(), "member-1");
    const key = newKey();
    const second = await createCharge({ ...deps(), audit }, chargeInput({ amount: "3" }), key, "member-1");
    await createCharge({ ...deps(), audit }, chargeInput({ amount: "3" }), key, "member-1"); // a replay: no second row
    const rows = await db().select().from(auditEvents).orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.actorId, r.actorEmail, r.targetId])).toEqual([
      ["charge_created", "member-1", "ama@example.com", first.charge.id],
      ["charge_created", "member-1", "ama@example.com", second.charge.id],
    ]);
    expect(rows[0].detail).toEqual({ amountMinor: 2550, currency: "GHS", status: "success", reference: "TXN-MOMO-77" });
    expect(rows[1].detail).toEqual({ amountMinor: 300, currency: "GHS", status: "unknown", reference: null });
  });

  test("an answer written again (a retry after the first write did commit) adds no second event or audit row", async () => {
    const { charge } = await plantCharge(db());
    const outcome = mapChargeResponse(200, '{"status":"success","transaction_reference":"TXN-MOMO-91"}');
    const audit = { action: "charge_created" as const, actorId: "member-1", actorEmail: "ama@example.com" };
    expect(await recordChargeAnswer(db(), charge.id, outcome, {}, audit)).toMatchObject({ status: "success", reference: "TXN-MOMO-91" });
    expect(await recordChargeAnswer(db(), charge.id, outcome, {}, audit)).toBeNull();
    expect(await eventTypes(db(), charge.id)).toEqual(["created", "answered"]);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.targetId, charge.id))).toHaveLength(1);
  });

  test("an answer holding a NUL or a lone surrogate is recorded (as U+FFFD), not lost to the database", async () => {
    // Escaped inside JSON: the parsed message holds the characters themselves.
    const json = '{"status":"success","transaction_reference":"TXN-MOMO-77","message":"ok\\u0000 \\ud800 done"}';
    upstream.handle((_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(json));
    const first = await createCharge(deps(), chargeInput(), newKey());
    expect(first.charge).toMatchObject({ status: "success", message: "ok\ufffd \ufffd done" });
    expect(await eventTypes(db(), first.charge.id)).toEqual(["created", "answered"]);
    // Raw in a body we cannot read: it is kept, marked, and the charge waits for a person.
    upstream.handle((_req, res) => void res.writeHead(502, { "Content-Type": "text/html" }).end("<html>\u0000bad gateway</html>"));
    const key = newKey();
    const second = await createCharge(deps(), chargeInput({ amount: "3" }), key);
    expect(second.charge.status).toBe("unknown");
    expect((await chargeByKey(db(), key))[0].upstreamBody).toBe("<html>\ufffdbad gateway</html>");
  });

  test("an upstream client that throws leaves the row `unknown`, not `submitting`", async () => {
    const key = newKey();
    const throwing = { charge: async () => Promise.reject(new Error("bug in the client")) };
    const { charge } = await createCharge({ db: db(), upstream: throwing }, chargeInput(), key);
    expect(charge).toMatchObject({ status: "unknown", outcomeCode: "network", reference: null });
    expect((await chargeByKey(db(), key))[0].status).toBe("unknown");
  });
});
