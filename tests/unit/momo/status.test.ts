// Charge answers that arrived (2xx) and requests that got none, in our terms.
import { describe, expect, test } from "vitest";
import { isSettled } from "@/lib/market/statuses";
import { MAX_MESSAGE_CHARS } from "@/lib/momo/schemas";
import {
  mapChargeResponse,
  mapOversizedResponse,
  mapStatusWord,
  mapTransportFailure,
  messageFromBody,
  TRUNCATION_MARKER,
} from "@/lib/momo/status";
import { outcomeMessage } from "@/lib/momo/outcome-codes";

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
      expect(mapChargeResponse(200, raw)).toMatchObject({
        status: "unknown",
        code: "unreadable_response",
        httpStatus: 200,
        rawBody: raw,
        reference: null,
      });
    },
  );
});

describe("mapChargeResponse: hostile answers are read, never thrown", () => {
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

  test("a field nested 5,000 deep beside a good status is ignored", () => {
    const raw = `{"status":"success","transaction_reference":"${REF}","extra":${deep(5_000)}}`;
    expect(mapChargeResponse(200, raw)).toMatchObject({ status: "success", reference: REF, rawBody: raw });
  });

  test.each([
    ["a status nested 5,000 deep", `{"status":${deep(5_000)}}`],
    ["a whole body nested 5,000 deep", deep(5_000)],
    ["objects 5,000 deep", `${'{"status":'.repeat(5_000)}"success"${"}".repeat(5_000)}`],
    ["a number status", body({ status: 200 })],
    ["an object status", body({ status: { value: "success" } })],
    ["an array status", body({ status: ["success"] })],
    ["a null status", body({ status: null })],
    ["a status of 10,000 characters", body({ status: "s".repeat(10_000) })],
  ])("%s → unknown / unreadable_response", (_name, raw) => {
    expect(mapChargeResponse(200, raw)).toMatchObject({ status: "unknown", code: "unreadable_response", reference: null, rawBody: raw });
  });

  test.each([
    ["a number", 42],
    ["an object", { id: REF }],
    ["101 characters", `TXN-MOMO-${"1".repeat(92)}`],
    ["a line break", "TXN-MOMO-1\nX"],
    ["a control character", "TXN-MOMO-1\u0000"],
    ["leading space", " TXN-MOMO-1"],
    ["empty", ""],
    ["non-ASCII", "TXN-MOMO-١٢٣"],
    ["a redaction marker", "TXN-[redacted-key]"],
    ["a key", "sk_live_abcdef123456"],
  ])("a reference that is %s is dropped; the status still counts", (_name, reference) => {
    expect(mapChargeResponse(200, body({ status: "pending", transaction_reference: reference }))).toMatchObject({
      status: "pending",
      reference: null,
    });
  });

  test("a reference of 100 printable characters is kept", () => {
    const reference = `TXN-MOMO-${"1".repeat(91)}`;
    expect(mapChargeResponse(200, body({ status: "pending", transaction_reference: reference })).reference).toBe(reference);
  });

  test("a message of the wrong type is dropped, a long one is cut to 500 characters", () => {
    expect(mapChargeResponse(200, body({ status: "success", message: { text: "x" } })).message).toBe("The charge is success.");
    expect(mapChargeResponse(200, body({ status: "success", message: JSON.parse(deep(1_000)) })).message).toBe("The charge is success.");
    const long = mapChargeResponse(200, body({ status: "failed", message: "x".repeat(100_000) })).message;
    expect(long).toHaveLength(MAX_MESSAGE_CHARS);
    expect(long.endsWith("…")).toBe(true);
    expect(mapChargeResponse(400, body({ error: { message: "y".repeat(10_000) } })).message).toHaveLength(MAX_MESSAGE_CHARS);
  });

  test("secrets are scrubbed from the message, the reference and the raw body, decoded or not", () => {
    const key = "merchant-7f3a9c2e5d1b4860";
    const raw = `{"status":"failed","transaction_reference":"R-m\u0065rchant-7f3a9c2e5d1b4860","message":"bad key ${key}"}`;
    const out = mapChargeResponse(200, raw, null, [key]);
    expect(out).toMatchObject({ status: "failed", reference: null, message: "bad key [redacted-key]" });
    expect(JSON.parse(out.rawBody!)).toEqual({
      status: "failed",
      transaction_reference: "R-[redacted-key]",
      message: "bad key [redacted-key]",
    });
    expect(messageFromBody({ error: { message: `no ${key}` } }, [key])).toBe("no [redacted-key]");
  });
});

describe("mapChargeResponse: an answer about other money is not this charge's outcome", () => {
  const SENT = { amount: 1.15, currency: "GHS" };
  test.each([
    ["another amount and currency", { amount: -500, currency: "USD" }, "another amount and currency (-500 USD)"],
    ["the amount in minor units", { amount: 115 }, "another amount (115 GHS)"],
    ["another currency", { amount: 1.15, currency: "NGN" }, "another currency (1.15 NGN)"],
    ["an amount that is not a number", { amount: { value: 1.15 } }, 'another amount ({"value":1.15} GHS)'],
    ["an amount of null", { amount: null }, "another amount (null GHS)"],
    ["a currency that is not a string", { currency: 7 }, "another currency (1.15 7)"],
  ])("%s → unknown (answer_mismatch), both amounts named, reference and raw body kept", (_name, fields, named) => {
    for (const word of ["success", "pending", "failed"]) {
      const raw = body({ status: word, transaction_reference: REF, message: "Done.", ...fields });
      const outcome = mapChargeResponse(200, raw, null, [], SENT);
      expect(outcome).toMatchObject({ status: "unknown", code: "answer_mismatch", reference: REF, rawBody: raw, httpStatus: 200 });
      expect(outcome.message).toContain(`names ${named} than the charge sent (1.15 GHS)`);
      expect(outcome.message).toContain("The money may have moved.");
    }
  });

  test.each([
    ["no amount or currency", {}],
    ["the same amount and currency", { amount: 1.15, currency: "GHS" }],
    ["the amount as a decimal string, the currency in lower case", { amount: "1.150", currency: " ghs" }],
    ["only the currency", { currency: "GHS" }],
  ])("%s → the status word decides", (_name, fields) => {
    expect(mapChargeResponse(200, body({ status: "success", ...fields }), null, [], SENT)).toMatchObject({ status: "success", code: null });
  });

  test("a refusal (4xx) is one whatever amount it names", () => {
    expect(mapChargeResponse(400, body({ amount: -1, currency: "USD" }), null, [], SENT)).toMatchObject({
      status: "failed",
      code: "invalid_request",
    });
  });

  test("the amount the answer names is shown cut and scrubbed", () => {
    const key = "sk_live_0123456789abcdefghij";
    const outcome = mapChargeResponse(200, body({ status: "success", amount: `${key}${"9".repeat(100)}` }), null, [key], SENT);
    expect(outcome.message).not.toContain("0123456789ab");
    expect(outcome.message.length).toBeLessThan(300);
  });
});

test("mapOversizedResponse: unknown whatever the HTTP status, the part read kept with a marker", () => {
  expect(mapOversizedResponse(200, '{"status":"succ')).toEqual({
    status: "unknown",
    code: "oversized_response",
    reference: null,
    message: "The upstream's answer was larger than 64 kB and was not read. The money may have moved.",
    httpStatus: 200,
    rawBody: '{"status":"succ\n[truncated: the answer exceeded 65,536 bytes]',
    retryAfterSeconds: null,
  });
  expect(TRUNCATION_MARKER).toBe("\n[truncated: the answer exceeded 65,536 bytes]");
  expect(mapOversizedResponse(429, "x", "12")).toMatchObject({
    status: "unknown",
    code: "oversized_response",
    httpStatus: 429,
    retryAfterSeconds: 12,
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
