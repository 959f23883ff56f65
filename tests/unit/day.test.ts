// Days as people type them and as the app writes them: what is read, to which ISO day, and what is refused.
import { describe, expect, test } from "vitest";
import { DAY_FORMAT_MESSAGE, formatDay, NOT_A_DAY_MESSAGE, parseDay } from "@/lib/day";
import { formatDateTime } from "@/lib/format";

describe("parseDay", () => {
  test.each([
    ["23 Nov 2026", "2026-11-23"],
    ["23 nov 2026", "2026-11-23"],
    ["23 NOV 2026", "2026-11-23"],
    ["23 November 2026", "2026-11-23"],
    ["23 Nov. 2026", "2026-11-23"],
    ["23 Nov, 2026", "2026-11-23"],
    ["  23   Nov   2026  ", "2026-11-23"],
    ["23-Nov-2026", "2026-11-23"],
    ["3 Sept 2026", "2026-09-03"],
    ["3 Sep 2026", "2026-09-03"],
    ["03 September 2026", "2026-09-03"],
    ["1 Janu 2026", "2026-01-01"],
    ["Nov 23, 2026", "2026-11-23"],
    ["November 23 2026", "2026-11-23"],
    ["2026-11-23", "2026-11-23"],
    ["29 Feb 2024", "2024-02-29"],
    ["2024-02-29", "2024-02-29"],
    ["31 Dec 9999", "9999-12-31"],
    ["1 Jan 0001", "0001-01-01"],
  ])("%s → %s", (input, day) => {
    expect(parseDay(input)).toEqual({ ok: true, day });
  });

  test.each([
    "23/11/2026", // day and month order differ between countries
    "11/23/2026",
    "2026-1-5",
    "2026/11/23",
    "23.11.2026",
    "23 Nv 2026",
    "23 No 2026", // two letters: too short to name one month
    "23 Novembre 2026",
    "23 Nov 26",
    "Nov 2026",
    "23 Nov",
    "today",
    "",
    "123 Nov 2026",
    "23 Nov 2026 10:00",
    "2026-11-23T00:00:00Z",
  ])("%j is not in a format we read", (input) => {
    expect(parseDay(input)).toEqual({ ok: false, message: DAY_FORMAT_MESSAGE });
  });

  test.each([
    "30 Feb 2026",
    "29 Feb 2026",
    "31 Apr 2026",
    "0 Nov 2026",
    "32 Jan 2026",
    "2026-13-01",
    "2026-02-30",
    "2026-00-10",
    "0000-01-01",
    "1 Jan 0000",
  ])("%s is not a real day", (input) => {
    expect(parseDay(input)).toEqual({ ok: false, message: NOT_A_DAY_MESSAGE });
  });
});

describe("formatDay", () => {
  test.each([
    ["2026-11-23", "23 Nov 2026"],
    ["2026-09-03", "3 Sept 2026"],
    ["2024-02-29", "29 Feb 2024"],
    ["2026-01-01", "1 Jan 2026"],
  ])("%s → %s", (iso, text) => {
    expect(formatDay(iso)).toBe(text);
  });

  test("writes a day as the rest of the app writes a time's date", () => {
    expect(formatDateTime("2026-11-23T17:31:52Z", "Africa/Accra").startsWith(`${formatDay("2026-11-23")},`)).toBe(true);
  });

  test("every day of four years reads back as itself", () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(parseDay(formatDay(iso))).toEqual({ ok: true, day: iso });
    }
  });
});
