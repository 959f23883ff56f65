// Charge answers that arrived (2xx) and requests that got none, in our terms.
import { describe, expect, test } from "vitest";
import { isSettled, mapChargeResponse, mapStatusWord, mapTransportFailure, outcomeMessage } from "@/lib/momo/status";

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
