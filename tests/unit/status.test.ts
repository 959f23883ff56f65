import { afterEach, describe, expect, test, vi } from "vitest";
import { isSettled, mapChargeResponse, mapStatusWord, mapTransportFailure, messageFromBody, outcomeMessage } from "@/lib/momo/status";

const REF = "TXN-MOMO-1234567";
const body = (o: unknown) => JSON.stringify(o);

describe("mapChargeResponse: 2xx", () => {
  test.each([
    [200, "success", "success"],
    [200, "SUCCESS", "success"],
    [200, " completed ", "success"],
    [202, "pending", "pending"],
    [202, "processing", "pending"],
    [200, "pending", "pending"],
    [200, "failed", "failed"],
    [200, "declined", "failed"],
    [201, "cancelled", "failed"],
  ] as const)("%i %j → %s, keeping reference, message and raw body", (http, word, status) => {
    const raw = body({ status: word, transaction_reference: REF, message: "From upstream.", extra: { kept: true } });
    expect(mapChargeResponse(http, raw)).toEqual({
      status,
      code: status === "failed" ? "declined" : null,
      reference: REF,
      message: "From upstream.",
      httpStatus: http,
      rawBody: raw,
      retryAfterSeconds: null,
    });
  });

  test("without a message, ours is used", () => {
    expect(mapChargeResponse(200, body({ status: "success" })).message).toBe("The charge is success.");
    expect(mapChargeResponse(202, body({ status: "pending" })).message).toBe("The charge is pending.");
    expect(mapChargeResponse(200, body({ status: "failed" })).message).toBe(outcomeMessage("declined"));
  });

  test("fields of the wrong type are dropped, not fatal", () => {
    const out = mapChargeResponse(200, body({ status: "success", transaction_reference: 42, message: ["x"] }));
    expect(out).toMatchObject({ status: "success", reference: null, message: "The charge is success." });
  });

  test("an unknown status word → unknown / unreadable_response, reference kept", () => {
    const raw = body({ status: "on_hold", transaction_reference: REF });
    expect(mapChargeResponse(200, raw)).toEqual({
      status: "unknown",
      code: "unreadable_response",
      reference: REF,
      message: outcomeMessage("unreadable_response"),
      httpStatus: 200,
      rawBody: raw,
      retryAfterSeconds: null,
    });
  });

  test.each(["", "not json", "<html>502 Bad Gateway</html>", "null", "[]", '"success"', "{}", body({ status: 1 }), '{"status":"success"'])(
    "unreadable 2xx body %j → unknown (the money may have moved), raw body kept",
    (raw) => {
      expect(mapChargeResponse(200, raw)).toMatchObject({ status: "unknown", code: "unreadable_response", httpStatus: 200, rawBody: raw, reference: null });
    },
  );
});

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

  test.each([null, undefined, "text", 42, [], {}, { error: {} }, { error: { message: 5 } }, { errors: [{ message: "x" }] }, { message: 7 }])(
    "no message in %j → ours",
    (errorBody) => {
      expect(messageFromBody(errorBody)).toBeNull();
      expect(mapChargeResponse(400, errorBody === undefined ? "" : body(errorBody)).message).toBe(outcomeMessage("invalid_request"));
    },
  );

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

describe("mapTransportFailure", () => {
  test.each([
    ["unreachable", "failed"],
    ["timeout", "unknown"],
    ["network", "unknown"],
  ] as const)("%s → %s", (kind, status) => {
    expect(mapTransportFailure(kind)).toEqual({
      status,
      code: kind,
      reference: null,
      message: outcomeMessage(kind),
      httpStatus: null,
      rawBody: null,
      retryAfterSeconds: null,
    });
  });

  test("messages say whether money may have moved", () => {
    expect(outcomeMessage("unreachable")).toMatch(/no money moved/);
    expect(outcomeMessage("timeout")).toMatch(/may have moved/);
    expect(outcomeMessage("network")).toMatch(/may have moved/);
  });
});

test("mapStatusWord and isSettled", () => {
  expect(mapStatusWord("Pay_Offline")).toBe("pending");
  expect(mapStatusWord("send_otp")).toBe("pending");
  expect(mapStatusWord("")).toBeNull();
  expect(mapStatusWord("toString")).toBeNull();
  expect(mapStatusWord("__proto__")).toBeNull();
  expect(mapStatusWord("constructor")).toBeNull();
  expect(mapChargeResponse(200, body({ status: "constructor" }))).toMatchObject({ status: "unknown", code: "unreadable_response" });
  expect(["success", "failed"].every((s) => isSettled(s as never))).toBe(true);
  expect(["submitting", "pending", "unknown"].some((s) => isSettled(s as never))).toBe(false);
});
