// How the upstream's error answers map: HTTP code → status and outcome code, the message
// from whatever error body shape came back, and Retry-After on 429.
import { afterEach, describe, expect, test, vi } from "vitest";
import { outcomeMessage } from "@/lib/momo/outcome-codes";
import { mapChargeResponse, messageFromBody } from "@/lib/momo/status";

const REF = "TXN-MOMO-1234567";
const body = (o: unknown) => JSON.stringify(o);

describe("mapChargeResponse: errors", () => {
  test.each([
    [400, "failed", "invalid_request"],
    [401, "failed", "upstream_auth"],
    [402, "failed", "declined"],
    [403, "failed", "upstream_auth"],
    [404, "failed", "rejected"],
    [409, "unknown", "conflict"],
    [422, "failed", "invalid_request"],
    [429, "failed", "rate_limited"],
    [500, "unknown", "upstream_error"],
    [502, "unknown", "upstream_error"],
    [503, "unknown", "upstream_error"],
  ] as const)("%i → %s / %s", (http, status, code) => {
    expect(mapChargeResponse(http, "")).toEqual({
      status,
      code,
      reference: null,
      message: outcomeMessage(code),
      httpStatus: http,
      rawBody: "",
      retryAfterSeconds: null,
    });
    expect(mapChargeResponse(http, body({ error: { code: "x", message: "Said by upstream." } })).message).toBe("Said by upstream.");
  });

  test("a redirect is not a readable answer", () => {
    expect(mapChargeResponse(302, "")).toMatchObject({ status: "unknown", code: "unreadable_response" });
  });

  test.each([
    [{ message: "Top-level message." }, "Top-level message."],
    [{ error: "A string error." }, "A string error."],
    [{ error: { code: "bad", message: "Nested message." } }, "Nested message."],
    [{ message: "Wins.", error: { message: "Loses." } }, "Wins."],
    [{ message: "", error: "Fallback string." }, "Fallback string."],
  ])("message from error body %j", (errorBody, message) => {
    expect(messageFromBody(errorBody)).toBe(message);
    expect(mapChargeResponse(422, body(errorBody)).message).toBe(message);
  });

  test.each([
    null,
    undefined,
    "text",
    42,
    [],
    {},
    { error: {} },
    { error: { message: 5 } },
    { errors: [{ message: "x" }] },
    { message: 7 },
  ])("no message in %j → ours", (errorBody) => {
    expect(messageFromBody(errorBody)).toBeNull();
    expect(mapChargeResponse(400, errorBody === undefined ? "" : body(errorBody)).message).toBe(outcomeMessage("invalid_request"));
  });

  test("a 4xx body with a reference keeps it", () => {
    expect(mapChargeResponse(409, body({ status: "duplicate", transaction_reference: REF })).reference).toBe(REF);
  });
});

describe("mapChargeResponse: 429 Retry-After", () => {
  afterEach(() => vi.useRealTimers());

  test("in seconds", () => {
    expect(mapChargeResponse(429, "", "30").retryAfterSeconds).toBe(30);
    expect(mapChargeResponse(429, "", "0").retryAfterSeconds).toBe(0);
    expect(mapChargeResponse(429, "", "1.2").retryAfterSeconds).toBe(2);
  });

  test("as an HTTP-date", () => {
    vi.useFakeTimers({ now: new Date("2025-06-01T12:00:00Z"), toFake: ["Date"] });
    expect(mapChargeResponse(429, "", "Sun, 01 Jun 2025 12:01:30 GMT").retryAfterSeconds).toBe(90);
    expect(mapChargeResponse(429, "", "Sun, 01 Jun 2025 11:59:00 GMT").retryAfterSeconds).toBe(0);
  });

  test("missing or unreadable → null; only read on 429", () => {
    expect(mapChargeResponse(429, "").retryAfterSeconds).toBeNull();
    expect(mapChargeResponse(429, "", "").retryAfterSeconds).toBeNull();
    expect(mapChargeResponse(429, "", "soon").retryAfterSeconds).toBeNull();
    expect(mapChargeResponse(503, "", "30").retryAfterSeconds).toBeNull();
    expect(mapChargeResponse(200, body({ status: "success" }), "30").retryAfterSeconds).toBeNull();
  });
});
