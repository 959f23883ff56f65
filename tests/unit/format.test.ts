// Counts said as a person says them: the noun's number follows the count, thousands are grouped.
import { expect, test } from "vitest";
import { countOf } from "@/lib/format";

test("one is singular; zero, many and fractions are plural; thousands are grouped", () => {
  expect(countOf(1, "row")).toBe("1 row");
  expect(countOf(0, "row")).toBe("0 rows");
  expect(countOf(2, "minute")).toBe("2 minutes");
  expect(countOf(1204, "charge")).toBe("1,204 charges");
  expect(countOf(1, "entry", "entries")).toBe("1 entry");
  expect(countOf(3, "entry", "entries")).toBe("3 entries");
});
