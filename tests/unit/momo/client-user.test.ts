// The upstream client's user() against a real HTTP server on 127.0.0.1: the request it sends,
// each failure mapped to a code, and answers too deep or too wide to be a record.
import { describe, expect, test } from "vitest";
import { clientFor } from "../support/charge";
import { closedPortUrl, faults, json, sendJson, serverPerTest, type Handler } from "../support/http-server";
import { TIMEOUT_MS } from "../support/upstream";

const server = serverPerTest();

const { hang, stallBody, reset } = faults;

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
    [
      "401",
      json(401, { error: { message: "Unknown API key." } }),
      { ok: false, code: "upstream_auth", message: "Unknown API key.", httpStatus: 401 },
    ],
    ["429", json(429, {}), { ok: false, code: "rate_limited", message: "The upstream answered HTTP 429.", httpStatus: 429 }],
    [
      "500",
      (_req, res) => void res.writeHead(500).end("boom"),
      { ok: false, code: "upstream_error", message: "The upstream answered HTTP 500.", httpStatus: 500 },
    ],
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

  test.each([
    ["nested 5,000 deep", `{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}}`],
    ["an array 5,000 deep", `${"[".repeat(5_000)}${"]".repeat(5_000)}`],
    ["objects 5,000 deep", `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`],
    ["33 deep", `${'{"a":'.repeat(33)}1${"}".repeat(33)}`],
    ["2,001 values", JSON.stringify({ list: Array.from({ length: 2_000 }, (_, i) => i) })],
    ["a number", "42"],
    ["a string", '"usr_1"'],
    ["null", "null"],
  ])("200 with %s → unreadable_response, not a crash", async (_name, body) => {
    server.handle((_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(body));
    expect(await clientFor(server.url).user()).toEqual({
      ok: false,
      code: "unreadable_response",
      message: "The upstream's answer could not be read.",
      httpStatus: 200,
    });
  });

  test("32 deep and 2,000 values are still a record", async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(32)}1${"}".repeat(32)}`);
    server.handle((_req, res) => sendJson(res, 200, deep));
    expect(await clientFor(server.url).user()).toEqual({ ok: true, user: deep });
    const wide = { list: Array.from({ length: 1_998 }, (_, i) => i) }; // with the record and the list: 2,000
    server.handle((_req, res) => sendJson(res, 200, wide));
    expect(await clientFor(server.url).user()).toEqual({ ok: true, user: wide });
  });

  test("refused → unreachable", async () => {
    expect(await clientFor(await closedPortUrl()).user()).toMatchObject({ ok: false, code: "unreachable", httpStatus: null });
  });
});
