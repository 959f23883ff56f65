// The Lighthouse part's verdicts (scripts/bench/lighthouse-targets.ts): each page against its
// kind's floor from the same run, and no verdict at all for a run with parts of every page blocked.
import { afterEach, expect, test, vi } from "vitest";
import { printTargets, type Row } from "@/scripts/bench/lighthouse-targets";

const row = (page: string, perf: number, tbt: number): Row => ({
  page,
  perf: [perf, perf, perf],
  metrics: { fcp: 800, lcp: 1200, tbt, si: 900, cls: 0 },
  light: 100,
  dark: 100,
});
const floors = { list: row("plain page", 80, 800), form: row("plain form", 80, 700) };
const rows = [
  floors.list,
  floors.form,
  row("/transactions", 78, 1000),
  row("/customers", 78, 1001),
  row("/team", 77, 1050),
  row("/audit", 76, 900),
];
const kindOf = (page: string) => (page.startsWith("plain") ? null : page === "/team" ? "form" : "list");

function printed(judged?: boolean): { lines: string[]; all: boolean } {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(...line.split("\n")));
  const all = printTargets(rows, floors, kindOf, judged);
  return { lines, all };
}
afterEach(() => vi.restoreAllMocks());

test("a page passes at 3 points below its floor and 1.25× (a list) or 1.5× (a form) its blocking time, and a failure names what it missed", () => {
  const { lines, all } = printed();
  expect(lines.find((l) => l.startsWith("| /transactions "))).toContain("PASS (1.25× its floor's blocking time)");
  expect(lines.find((l) => l.startsWith("| /customers "))).toContain("FAIL on blocking time (1.25× its floor's blocking time)");
  expect(lines.find((l) => l.startsWith("| /team "))).toContain("PASS (1.50× its floor's blocking time)");
  expect(lines.find((l) => l.startsWith("| /audit "))).toContain("FAIL on performance 76 < 77 (1.13× its floor's blocking time)");
  expect(all).toBe(false);
});

test("measured with parts blocked: the ratios, and no PASS or FAIL anywhere", () => {
  const { lines } = printed(false);
  expect(lines[0]).toMatch(/^No verdicts/);
  expect(lines.find((l) => l.startsWith("| /customers "))).toContain("| 1.25× its floor's blocking time |");
  expect(lines.join("\n")).not.toMatch(/PASS|FAIL/);
});
