// The count above the history: singular, thousands separators, and the cap's "More than".
import { expect, test } from "vitest";
import { chargeCountText } from "@/components/history/results";

test.each([
  [{ count: 0, capped: false }, "0 charges"],
  [{ count: 1, capped: false }, "1 charge"],
  [{ count: 2, capped: false }, "2 charges"],
  [{ count: 1234, capped: false }, "1,234 charges"],
  [{ count: 10_000, capped: false }, "10,000 charges"],
  [{ count: 10_000, capped: true }, "More than 10,000 charges"],
])("%j → %s", (total, text) => {
  expect(chargeCountText(total)).toBe(text);
});
