// Counts said as a person says them: the noun's number follows the count, thousands are grouped.
import { expect, test } from "vitest";
import { countOf, groupDigits } from "@/lib/format";

test("one is singular; zero, many and fractions are plural; thousands are grouped", () => {
  expect(countOf(1, "row")).toBe("1 row");
  expect(countOf(0, "row")).toBe("0 rows");
  expect(countOf(2, "minute")).toBe("2 minutes");
  expect(countOf(1204, "charge")).toBe("1,204 charges");
  expect(countOf(1, "entry", "entries")).toBe("1 entry");
  expect(countOf(3, "entry", "entries")).toBe("3 entries");
});

test('groupDigits writes whole numbers exactly as toLocaleString("en") does, without Intl', () => {
  const samples = [0, -0, 1, -1, 7, 12, 999, 1000, -1000, 1001, 9999, 10_000, 99_999, 100_000, 123_456, 999_999, 1_000_000, -1_234_567];
  for (let n = 1; n < Number.MAX_SAFE_INTEGER / 7; n = n * 7 + 3) samples.push(n, -n);
  samples.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  for (const n of samples) expect(groupDigits(n)).toBe(n.toLocaleString("en"));
  // Beyond whole numbers, Intl's own answer.
  for (const n of [1.5, -0.25, 1234.5678, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY])
    expect(groupDigits(n)).toBe(n.toLocaleString("en"));
  expect(countOf(1204, "charge")).toBe("1,204 charges");
});
