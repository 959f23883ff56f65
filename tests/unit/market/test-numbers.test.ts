// The sandbox's test numbers: one list (lib/market/test-numbers.ts) that the sandbox answers by,
// the charge form shows, and the user guide's table (docs/user-guide.md) repeats word for word.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { LOCAL_NUMBER, suggestProvider } from "@/lib/market/networks";
import { OTHER_NUMBERS_SUMMARY, TEST_NUMBERS } from "@/lib/market/test-numbers";
import { scenarioFor } from "@/lib/sandbox/scenarios";

function guideRows(): string[] {
  const guide = readFileSync("docs/user-guide.md", "utf8");
  const start = guide.indexOf("| phone number | ends | what happens |");
  expect(start, "the user guide's test number table").toBeGreaterThan(-1);
  const table = guide.slice(start).split("\n\n")[0];
  return table.split("\n").slice(2);
}

test("the user guide's table is the list, row for row", () => {
  const expected = [
    ...TEST_NUMBERS.map((t) => `| \`${t.phone}\` | ${t.ends} | ${t.summary} |`),
    `| any other valid number | success | ${OTHER_NUMBERS_SUMMARY} |`,
  ];
  expect(guideRows()).toEqual(expected);
});

test("the sandbox plays each listed number's scenario, and any other number succeeds instantly", () => {
  for (const t of TEST_NUMBERS) expect(scenarioFor(t.phone)).toBe(t.scenario);
  expect(scenarioFor("0551234567")).toEqual({ kind: "instant" });
});

test("each number is a valid local number the form can charge, listed once", () => {
  const phones = TEST_NUMBERS.map((t) => t.phone);
  expect(new Set(phones).size).toBe(phones.length);
  for (const phone of phones) {
    expect(phone).toMatch(LOCAL_NUMBER);
    expect(suggestProvider(phone)).toBe("mtn");
  }
});

test("what a number ends in follows from its scenario", () => {
  for (const t of TEST_NUMBERS) {
    const s = t.scenario;
    const ends = { instant: "success", fail: "failed", unanswered: "pending", slow: "unknown", error: "unknown" } as const;
    expect(t.ends, t.phone).toBe(s.kind === "ussd" ? s.settlesTo : ends[s.kind]);
  }
});
