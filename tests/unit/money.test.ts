import { describe, expect, test } from "vitest";
import { CURRENCIES, CURRENCY_CODES, MAX_AMOUNT_MAJOR, formatCompactMoney, formatMoney, parseAmount, toMajorNumber } from "@/lib/money";

const ok = (minor: number) => ({ ok: true, minor });
/** Intl separates the code from the number with a no-break space. */
const fmt = (...args: Parameters<typeof formatMoney>) => formatMoney(...args).replace(/\u00a0/g, " ");

describe("parseAmount", () => {
  test.each([
    ["20", "GHS", 2000],
    ["20.5", "GHS", 2050],
    ["20.05", "GHS", 2005],
    ["0.01", "GHS", 1],
    ["5.", "GHS", 500],
    ["  25.00  ", "GHS", 2500],
    ["007", "GHS", 700],
    ["1,250.5", "GHS", 125050],
    ["1,000,000", "GHS", 100_000_000],
    ["12,345.67", "GHS", 1_234_567],
    ["125 000", "GHS", 12_500_000],
    ["1 250", "KES", 125000],
    ["1500", "UGX", 1500],
    ["1,500", "RWF", 1500],
    ["0.10", "USD", 10],
  ] as const)("%j %s → %i minor units", (input, currency, minor) => {
    expect(parseAmount(input, currency)).toEqual(ok(minor));
  });

  test("joins digits as text, so amounts that are inexact as binary floats stay exact", () => {
    expect(parseAmount("0.29", "GHS")).toEqual(ok(29));
    expect(parseAmount("1.15", "GHS")).toEqual(ok(115));
    expect(parseAmount("4.35", "USD")).toEqual(ok(435));
    expect(parseAmount("999999.99", "GHS")).toEqual(ok(99_999_999));
  });

  test("too many decimals for the currency's exponent", () => {
    expect(parseAmount("1.234", "GHS")).toEqual({ ok: false, message: "GHS amounts have at most 2 decimal places" });
    expect(parseAmount("10.5", "UGX")).toEqual({ ok: false, message: "UGX amounts have no decimal places" });
    expect(parseAmount("10.0", "XOF")).toEqual({ ok: false, message: "XOF amounts have no decimal places" });
    // A bare trailing point adds no decimal places.
    expect(parseAmount("10.", "UGX")).toEqual(ok(10));
  });

  test.each(["0", "0.00", "000", "0.", "0,000.00"])("zero (%j) is refused", (input) => {
    expect(parseAmount(input, "GHS")).toEqual({ ok: false, message: "The amount must be more than zero" });
  });

  test("the maximum is accepted and anything above it refused", () => {
    const tooLarge = { ok: false, message: "The amount can be at most 1,000,000 GHS" };
    expect(MAX_AMOUNT_MAJOR).toBe(1_000_000);
    expect(parseAmount("1000000", "GHS")).toEqual(ok(100_000_000));
    expect(parseAmount("1000000.00", "GHS")).toEqual(ok(100_000_000));
    expect(parseAmount("1000000.01", "GHS")).toEqual(tooLarge);
    expect(parseAmount("1000001", "GHS")).toEqual(tooLarge);
    expect(parseAmount("99999999999999999999999", "GHS")).toEqual(tooLarge);
    expect(parseAmount("1000000", "UGX")).toEqual(ok(1_000_000));
    expect(parseAmount("1000001", "UGX")).toEqual({ ok: false, message: "The amount can be at most 1,000,000 UGX" });
    // Leading zeros do not count towards the size.
    expect(parseAmount("00000000012", "GHS")).toEqual(ok(1200));
  });

  test("empty input", () => {
    for (const input of ["", "   ", "\t"]) {
      expect(parseAmount(input, "GHS")).toEqual({ ok: false, message: "Enter an amount" });
    }
  });

  test.each(["1,5", "1,50", "12,34", "1,2,3", "1234,567", "1,2345", ",5", ",", "1,250,5", "1.250,50"])(
    "a comma that does not separate thousands (%j) is refused, never read as a bigger amount",
    (input) => {
      expect(parseAmount(input, "GHS")).toEqual({ ok: false, message: "Enter the amount as a number, like 25.00" });
    },
  );

  test.each(["-5", "-0.50", "-1,000"])("a negative amount %j is told it must be more than zero", (input) => {
    expect(parseAmount(input, "GHS")).toEqual({ ok: false, message: "The amount must be more than zero" });
  });

  test.each(["abc", "-", "--5", "+5", "1e3", ".5", "1.2.3", "12abc", "GHS 10", "₵10", "0x10", "Infinity", "NaN", "١٢", "1/2"])(
    "junk %j is refused as not a number",
    (input) => {
      expect(parseAmount(input, "GHS")).toEqual({ ok: false, message: "Enter the amount as a number, like 25.00" });
    },
  );
});

describe("toMajorNumber", () => {
  test("divides by the currency's exponent", () => {
    expect(toMajorNumber(1050, "GHS")).toBe(10.5);
    expect(toMajorNumber(7, "GHS")).toBe(0.07);
    expect(toMajorNumber(100_000_000, "USD")).toBe(1_000_000);
    expect(toMajorNumber(1500, "UGX")).toBe(1500);
  });

  test("JSON prints the exact decimal for every cent amount (no 0.1+0.2 artefacts)", () => {
    for (let minor = 1; minor <= 200_000; minor++) {
      const expected = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`.replace(/\.?0+$/, "");
      const printed = JSON.stringify(toMajorNumber(minor, "GHS"));
      if (printed !== expected) expect(printed).toBe(expected); // only asserts on a mismatch (fast loop)
    }
    expect(JSON.stringify({ amount: toMajorNumber(99_999_999, "GHS") })).toBe('{"amount":999999.99}');
  });

  test("round-trips with parseAmount for every currency", () => {
    for (const currency of CURRENCY_CODES) {
      const text = CURRENCIES[currency].exponent === 0 ? "12345" : "12345.67";
      const parsed = parseAmount(text, currency);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(String(toMajorNumber(parsed.minor, currency))).toBe(text);
    }
  });
});

describe("formatMoney", () => {
  test("shows the currency's own number of decimals", () => {
    expect(fmt(1050, "GHS")).toBe("GH₵10.50");
    expect(fmt(1, "GHS")).toBe("GH₵0.01");
    expect(fmt(125_050, "GHS")).toBe("GH₵1,250.50");
    expect(fmt(1050, "UGX")).toBe("UGX 1,050");
    expect(fmt(123_456_789, "USD", "en-US")).toBe("$1,234,567.89");
  });

  test("an unknown but well-formed code is shown with two decimals", () => {
    expect(fmt(5, "ABC")).toBe("ABC 0.05");
  });

  test("compact amounts for chart axes share the cache without mixing the two styles", () => {
    expect(formatCompactMoney(123_456_00, "GHS")).toBe("GH₵123K");
    expect(fmt(123_456_00, "GHS")).toBe("GH₵123,456.00");
    expect(formatCompactMoney(1234, "UGX").replace(/\s/g, " ")).toBe("UGX 1.2K");
    expect(fmt(1234, "UGX")).toBe("UGX 1,234");
  });
});
