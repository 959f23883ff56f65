// The upstream client's charge() and chargeStatus() against a real HTTP server on 127.0.0.1: the
// exact request on the wire, and every way the upstream can answer (or not). fetch is never mocked.
import { describe, expect, test } from "vitest";
import { createMomoClient } from "@/lib/momo/client";
import type { UpstreamChargeRequest } from "@/lib/momo/schemas";
import { outcomeMessage } from "@/lib/momo/outcome-codes";
import type { UpstreamOutcome } from "@/lib/momo/status";
import { clientFor } from "../support/charge";
import { closedPortUrl, faults, json, sendJson, serverPerTest, type Handler } from "../support/http-server";
import { REF, request, TIMEOUT_MS } from "../support/upstream";

const server = serverPerTest();

const { hang, stallBody, reset } = faults;

describe("charge()", () => {
  test("sends one POST with the bearer key, JSON content type and exactly the six fields", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: REF, message: "Done." }));
    const outcome = await clientFor(server.url, { apiKey: "sk_test_unit_1" }).charge(request);
    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/v1/payments/momo/charge");
    expect(sent.headers.authorization).toBe("Bearer sk_test_unit_1");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(Object.keys(JSON.parse(sent.body)).sort()).toEqual([
      "amount",
      "currency",
      "description",
      "phone_number",
      "provider",
      "vouchers",
    ]);
    expect(JSON.parse(sent.body)).toEqual(request);
    expect(sent.body).toContain('"vouchers":""');
    expect(sent.body).toContain('"amount":25.5');
    expect(outcome).toMatchObject({ status: "success", code: null, reference: REF, message: "Done.", httpStatus: 200 });
  });

  test("sends the headers the configuration adds (the bundled sandbox's caller token), and no others", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success" }));
    const config = { baseUrl: server.url, apiKey: "sk_test_unit_1", timeoutMs: 3_000, sandbox: true };
    await createMomoClient({ ...config, headers: { "X-Sandbox-Caller": "token-123" } }).charge(request);
    await createMomoClient({ ...config, sandbox: false }).user();
    expect(server.received.map((r) => r.headers["x-sandbox-caller"])).toEqual(["token-123", undefined]);
  });

  test("keeps a base URL's path prefix", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success" }));
    await clientFor(`${server.url}/sandbox`).charge(request);
    expect(server.received.map((r) => r.url)).toEqual(["/sandbox/v1/payments/momo/charge"]);
  });

  test("refuses to send a body outside the contract, and sends nothing", async () => {
    await expect(clientFor(server.url).charge({ ...request, extra: 1 } as UpstreamChargeRequest)).rejects.toThrow();
    await expect(clientFor(server.url).charge({ ...request, amount: 0 })).rejects.toThrow();
    expect(server.received).toHaveLength(0);
  });

  const faults: [string, Handler, Partial<UpstreamOutcome>][] = [
    ["200 success", json(200, { status: "success", transaction_reference: REF }), { status: "success", code: null, reference: REF }],
    [
      "202 pending",
      json(202, { status: "pending", transaction_reference: REF, message: "Approve on phone." }),
      { status: "pending", message: "Approve on phone." },
    ],
    [
      "200 failed",
      json(200, { status: "failed", transaction_reference: REF, message: "No funds." }),
      { status: "failed", code: "declined", message: "No funds." },
    ],
    [
      "200 unknown word",
      json(200, { status: "mystery", transaction_reference: REF }),
      { status: "unknown", code: "unreadable_response", reference: REF },
    ],
    [
      "200 garbage body",
      (_req, res) => void res.writeHead(200).end("<html>oops"),
      { status: "unknown", code: "unreadable_response", rawBody: "<html>oops" },
    ],
    [
      "400",
      json(400, { error: { message: "Bad body." } }),
      { status: "failed", code: "invalid_request", message: "Bad body.", httpStatus: 400 },
    ],
    [
      "401",
      json(401, { error: { code: "unauthorized", message: "Unknown API key." } }),
      { status: "failed", code: "upstream_auth", message: "Unknown API key." },
    ],
    ["402", json(402, { message: "Insufficient funds." }), { status: "failed", code: "declined", message: "Insufficient funds." }],
    ["403", json(403, {}), { status: "failed", code: "upstream_auth", message: outcomeMessage("upstream_auth") }],
    ["404", json(404, { error: "Not found." }), { status: "failed", code: "rejected", message: "Not found." }],
    ["409", json(409, { status: "duplicate" }), { status: "unknown", code: "conflict", httpStatus: 409 }],
    ["422", json(422, { error: { message: "Invalid fields: phone_number." } }), { status: "failed", code: "invalid_request" }],
    [
      "429",
      json(429, { error: { message: "Slow down." } }, { "Retry-After": "7" }),
      { status: "failed", code: "rate_limited", retryAfterSeconds: 7 },
    ],
    [
      "500",
      (_req, res) => void res.writeHead(500).end("Internal Server Error"),
      { status: "unknown", code: "upstream_error", rawBody: "Internal Server Error" },
    ],
    ["503", json(503, { message: "Maintenance." }), { status: "unknown", code: "upstream_error", message: "Maintenance." }],
    ["connection reset", reset, { status: "unknown", code: "network", httpStatus: null, rawBody: null }],
    ["no answer (timeout)", hang, { status: "unknown", code: "timeout", httpStatus: null }],
    ["headers then a stalled body (timeout)", stallBody, { status: "unknown", code: "timeout", httpStatus: null }],
  ];

  test.each(faults)("%s → mapped outcome, and exactly one request reached the server", async (_name, handler, expected) => {
    server.handle(handler);
    const started = Date.now();
    const outcome = await clientFor(server.url, { timeoutMs: TIMEOUT_MS }).charge(request);
    expect(outcome).toMatchObject(expected);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    // Let a retry, if there were one, arrive before counting.
    await new Promise((r) => setTimeout(r, 50));
    expect(server.received).toHaveLength(1);
  });

  test("connection refused → failed / unreachable (nothing was sent)", async () => {
    const outcome = await clientFor(await closedPortUrl(), { timeoutMs: TIMEOUT_MS }).charge(request);
    expect(outcome).toEqual({
      status: "failed",
      code: "unreachable",
      reference: null,
      message: outcomeMessage("unreachable"),
      httpStatus: null,
      rawBody: null,
      retryAfterSeconds: null,
    });
  });
});

describe("chargeStatus()", () => {
  test("GETs the reference, URL-encoded, with the same headers and no body", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-1/2 ?#" }));
    const outcome = await clientFor(server.url, { apiKey: "sk_test_unit_2" }).chargeStatus("TXN-MOMO-1/2 ?#");
    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent).toMatchObject({ method: "GET", url: "/v1/payments/momo/charge/TXN-MOMO-1%2F2%20%3F%23", body: "" });
    expect(sent.headers).toMatchObject({ authorization: "Bearer sk_test_unit_2", "content-type": "application/json" });
    expect(outcome).toMatchObject({ status: "success", reference: "TXN-MOMO-1/2 ?#" });
  });

  test("a timeout is reported, not thrown", async () => {
    server.handle(hang);
    expect(await clientFor(server.url, { timeoutMs: TIMEOUT_MS }).chargeStatus(REF)).toMatchObject({ status: "unknown", code: "timeout" });
    expect(server.received).toHaveLength(1);
  });
});
