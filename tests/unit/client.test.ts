// The upstream client against a real HTTP server on 127.0.0.1: the exact request on the wire,
// and every way the upstream can answer (or not). fetch is never mocked.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { UpstreamChargeRequest } from "@/lib/momo/schemas";
import { outcomeMessage, type UpstreamOutcome } from "@/lib/momo/status";
import { clientFor } from "./support/charge";
import { closedPortUrl, faults, sendJson, startServer, type Handler, type TestServer } from "./support/http-server";

const REF = "TXN-MOMO-1700000000001";
const TIMEOUT_MS = 300;
const request: UpstreamChargeRequest = { amount: 25.5, currency: "GHS", phone_number: "0241234567", provider: "mtn", vouchers: "", description: "Order 42" };

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

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
    expect(Object.keys(JSON.parse(sent.body)).sort()).toEqual(["amount", "currency", "description", "phone_number", "provider", "vouchers"]);
    expect(JSON.parse(sent.body)).toEqual(request);
    expect(sent.body).toContain('"vouchers":""');
    expect(sent.body).toContain('"amount":25.5');
    expect(outcome).toMatchObject({ status: "success", code: null, reference: REF, message: "Done.", httpStatus: 200 });
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
    ["202 pending", json(202, { status: "pending", transaction_reference: REF, message: "Approve on phone." }), { status: "pending", message: "Approve on phone." }],
    ["200 failed", json(200, { status: "failed", transaction_reference: REF, message: "No funds." }), { status: "failed", code: "declined", message: "No funds." }],
    ["200 unknown word", json(200, { status: "mystery", transaction_reference: REF }), { status: "unknown", code: "unreadable_response", reference: REF }],
    ["200 garbage body", (_req, res) => void res.writeHead(200).end("<html>oops"), { status: "unknown", code: "unreadable_response", rawBody: "<html>oops" }],
    ["400", json(400, { error: { message: "Bad body." } }), { status: "failed", code: "invalid_request", message: "Bad body.", httpStatus: 400 }],
    ["401", json(401, { error: { code: "unauthorized", message: "Unknown API key." } }), { status: "failed", code: "upstream_auth", message: "Unknown API key." }],
    ["402", json(402, { message: "Insufficient funds." }), { status: "failed", code: "declined", message: "Insufficient funds." }],
    ["403", json(403, {}), { status: "failed", code: "upstream_auth", message: outcomeMessage("upstream_auth") }],
    ["404", json(404, { error: "Not found." }), { status: "failed", code: "rejected", message: "Not found." }],
    ["409", json(409, { status: "duplicate" }), { status: "unknown", code: "conflict", httpStatus: 409 }],
    ["422", json(422, { error: { message: "Invalid fields: phone_number." } }), { status: "failed", code: "invalid_request" }],
    ["429", json(429, { error: { message: "Slow down." } }, { "Retry-After": "7" }), { status: "failed", code: "rate_limited", retryAfterSeconds: 7 }],
    ["500", (_req, res) => void res.writeHead(500).end("Internal Server Error"), { status: "unknown", code: "upstream_error", rawBody: "Internal Server Error" }],
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
    expect(outcome).toEqual({ status: "failed", code: "unreachable", reference: null, message: outcomeMessage("unreachable"), httpStatus: null, rawBody: null, retryAfterSeconds: null });
  });
});

describe("an upstream that echoes the key", () => {
  // A custom key shape, so only the exact-key rule can catch it (no sk_… pattern to lean on).
  const KEY = "merchant-7f3a9c2e5d1b4860";
  test("never gets it into the outcome, the stored body or the account error", async () => {
    server.handle((req, res) => sendJson(res, 401, { error: { message: `Key ${KEY} is not valid; you sent ${req.headers.authorization}` } }));
    const client = clientFor(server.url, { apiKey: KEY });
    const outcome = await client.charge(request);
    expect(outcome.status).toBe("failed");
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    expect(outcome.message).toBe("Key [redacted-key] is not valid; you sent Bearer [redacted-key]");
    const looked = await client.chargeStatus(REF);
    expect(JSON.stringify(looked)).not.toContain(KEY);
    const user = await client.user();
    expect(JSON.stringify(user)).not.toContain(KEY);
    expect(user).toMatchObject({ ok: false, code: "upstream_auth" });
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

describe("user()", () => {
  const user = { id: "usr_1", business_name: "Shop", balance: { available: 10 } };

  test("GET /v1/user with the headers; the record is passed through", async () => {
    server.handle((_req, res) => sendJson(res, 200, user));
    expect(await clientFor(server.url, { apiKey: "sk_test_unit_3" }).user()).toEqual({ ok: true, user });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: "GET", url: "/v1/user", body: "" });
    expect(server.received[0].headers).toMatchObject({ authorization: "Bearer sk_test_unit_3", "content-type": "application/json" });
  });

  test.each([
    ["401", json(401, { error: { message: "Unknown API key." } }), { ok: false, code: "upstream_auth", message: "Unknown API key.", httpStatus: 401 }],
    ["429", json(429, {}), { ok: false, code: "rate_limited", message: "The upstream answered HTTP 429.", httpStatus: 429 }],
    ["500", (_req, res) => void res.writeHead(500).end("boom"), { ok: false, code: "upstream_error", message: "The upstream answered HTTP 500.", httpStatus: 500 }],
    ["200 garbage", (_req, res) => void res.writeHead(200).end("not json"), { ok: false, code: "unreadable_response", httpStatus: 200 }],
    ["200 array", json(200, [1, 2]), { ok: false, code: "unreadable_response", httpStatus: 200 }],
    ["timeout", hang, { ok: false, code: "timeout", message: "The upstream did not answer in time.", httpStatus: null }],
    ["stalled body", stallBody, { ok: false, code: "timeout", httpStatus: null }],
    ["reset", reset, { ok: false, code: "network", httpStatus: null }],
  ] as [string, Handler, object][])("%s", async (_name, handler, expected) => {
    server.handle(handler);
    expect(await clientFor(server.url, { timeoutMs: TIMEOUT_MS }).user()).toMatchObject(expected);
    expect(server.received).toHaveLength(1);
  });

  test("refused → unreachable", async () => {
    expect(await clientFor(await closedPortUrl()).user()).toMatchObject({ ok: false, code: "unreachable", httpStatus: null });
  });
});

function json(status: number, body: unknown, headers?: Record<string, string>): Handler {
  return (_req, res) => sendJson(res, status, body, headers);
}
