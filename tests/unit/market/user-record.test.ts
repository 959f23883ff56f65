// Recognising amounts and timestamps in the upstream's user record, which has no documented fields.
import { describe, expect, test } from "vitest";
import { isAmount, isCurrencyCode, isIsoTimestamp, toMinorUnits } from "@/lib/market/user-record";

describe("isIsoTimestamp", () => {
  test.each([
    "2025-03-14T09:26:53Z",
    "2025-03-14T09:26:53.123Z",
    "2025-03-14T09:26Z",
    "2025-03-14T09:26:53+00:00",
    "2025-03-14T10:26:53+0100",
  ])("%s is a timestamp", (value) => expect(isIsoTimestamp(value)).toBe(true));

  test.each([
    ["a date without a time", "2025-03-14"],
    ["a time without a zone (the instant is not known)", "2025-03-14T09:26:53"],
    ["an impossible month", "2025-13-14T09:26:53Z"],
    ["words around it", "since 2025-03-14T09:26:53Z"],
    ["a number", 1741944413],
    ["null", null],
  ])("%s is not", (_, value) => expect(isIsoTimestamp(value)).toBe(false));
});

describe("isAmount", () => {
  test.each([
    [15230.5, "balance", undefined],
    [120, "pending", "balance"],
    [15230.5, "available", "balance"],
    [5, "available_balance", undefined],
    [5, "availableBalance", undefined],
    ["12.50", "amount", undefined],
    [0.5, "fee", undefined],
    [3, "settlement_fees", undefined],
    [-4, "amount", undefined],
  ])("%s under %s (in %s) is money", (value, key, parent) => expect(isAmount(value, key, parent)).toBe(true));

  test.each([
    ["a count beside money", 1000, "requests_per_minute", "rate_limit"],
    ["what is left of a rate limit", 998, "remaining", "rate_limit"],
    ["a number under a key that names no money", 12, "pending", "charges"],
    ["a payout's id", 7, "id", "payouts"],
    ["a fee count", 3, "fee_count", undefined],
    ["text under a money key", "GHS", "currency", "balance"],
    ["a phone number string", "0302000000", "phone_number", undefined],
    ["not a finite number", Number.NaN, "amount", undefined],
    ["a boolean", true, "balance", undefined],
  ])("%s is not", (_, value, key, parent) => expect(isAmount(value, key, parent)).toBe(false));
});

describe("toMinorUnits", () => {
  test.each([
    [15230.5, "GHS", 1523050],
    [120, "GHS", 12000],
    [0.07, "GHS", 7],
    ["12.50", "GHS", 1250],
    [-4.25, "GHS", -425],
    [2500, "UGX", 2500],
  ] as const)("%s %s is %s minor units", (value, currency, minor) => expect(toMinorUnits(value, currency)).toBe(minor));

  test("more decimals than the currency has is not an amount we can show as money", () => {
    expect(toMinorUnits(1.234, "GHS")).toBeNull();
    expect(toMinorUnits(0.1 + 0.2, "GHS")).toBeNull(); // 0.30000000000000004: not a real amount
    expect(toMinorUnits(12.5, "UGX")).toBeNull();
    expect(toMinorUnits("1e5", "GHS")).toBeNull();
  });

  test("trailing zeros in the fraction are no extra decimal places", () => {
    expect(toMinorUnits("7.5000", "GHS")).toBe(750);
  });
});

test("isCurrencyCode knows our currencies only", () => {
  expect(isCurrencyCode("GHS")).toBe(true);
  expect(isCurrencyCode("ghs")).toBe(false);
  expect(isCurrencyCode("EUR")).toBe(false);
  expect(isCurrencyCode("constructor")).toBe(false);
});
