// The reconciliation queue's URL filters: what parses, what is named and ignored, and the
// parameters a link carries back.
import { describe, expect, test } from "vitest";
import { ageLabel, parseAge, parseQueueFilters, queueCaption, queueFiltersToParams, queuePosition } from "@/lib/reconcile/filters";

describe("parseAge", () => {
  test.each([
    ["15m", { text: "15m", ms: 15 * 60_000 }],
    ["1h", { text: "1h", ms: 3_600_000 }],
    ["1d", { text: "1d", ms: 86_400_000 }],
    [" 2H ", { text: "2h", ms: 7_200_000 }],
    ["366d", { text: "366d", ms: 366 * 86_400_000 }],
  ])("%j → %j", (value, expected) => {
    expect(parseAge(value)).toEqual(expected);
  });

  test.each(["", "0m", "15", "m", "15 m", "1.5h", "-1h", "1w", "367d", "9000h", "015m", "1e3m", "15minutes"])(
    "%j is not an age",
    (value) => {
      expect(parseAge(value)).toBeNull();
    },
  );

  test("labels read as words", () => {
    expect(["15m", "1m", "1h", "2h", "1d", "30d"].map(ageLabel)).toEqual([
      "15 minutes",
      "1 minute",
      "1 hour",
      "2 hours",
      "1 day",
      "30 days",
    ]);
  });
});

describe("parseQueueFilters", () => {
  test("nothing given: the whole queue, oldest first", () => {
    expect(parseQueueFilters(new URLSearchParams())).toEqual({ filters: { order: "oldest" }, problems: {} });
    expect(parseQueueFilters({ status: "", network: "  ", age: undefined })).toEqual({ filters: { order: "oldest" }, problems: {} });
  });

  test("every filter, from a URL or from Next's searchParams (first of repeated values)", () => {
    const expected = {
      filters: { status: "unknown", network: "vodafone", age: { text: "1h", ms: 3_600_000 }, order: "newest" },
      problems: {},
    };
    expect(parseQueueFilters(new URLSearchParams("status=unknown&network=vodafone&age=1h&order=newest"))).toEqual(expected);
    expect(parseQueueFilters({ status: ["unknown", "pending"], network: "vodafone", age: "1h", order: "newest" })).toEqual(expected);
  });

  test("a value that does not parse is named and ignored; the others still apply", () => {
    expect(parseQueueFilters(new URLSearchParams("status=success&network=mtn&age=soon&order=random"))).toEqual({
      filters: { network: "mtn", order: "oldest" },
      problems: {
        status: "Only pending and unknown charges are in the queue",
        age: "Use an age like 15m, 1h or 1d (at most a year)",
        order: "Choose oldest or newest first",
      },
    });
    expect(parseQueueFilters({ network: "mpesa" }).problems).toEqual({ network: "Unknown network" });
  });

  test("the parameters a link carries: only what applies, the default order left out", () => {
    const { filters } = parseQueueFilters(new URLSearchParams("status=pending&age=15m&order=oldest&network=bogus&x=1"));
    expect(queueFiltersToParams(filters).toString()).toBe("status=pending&age=15m");
    expect(queueFiltersToParams({ order: "newest", age: { text: "1d", ms: 86_400_000 } }).toString()).toBe("age=1d&order=newest");
    expect(queueFiltersToParams({ order: "oldest" }).toString()).toBe("");
  });
});

test("the queue's caption counts what needs a decision, and what the filters keep", () => {
  expect(queueCaption({ total: 23, matching: 23 }, false)).toBe("23 charges need a decision");
  expect(queueCaption({ total: 1, matching: 1 }, false)).toBe("1 charge needs a decision");
  expect(queueCaption({ total: 0, matching: 0 }, false)).toBe("0 charges need a decision");
  expect(queueCaption({ total: 1234, matching: 7 }, true)).toBe("1,234 charges need a decision; 7 match these filters");
  expect(queueCaption({ total: 1, matching: 0 }, true)).toBe("1 charge needs a decision; 0 match these filters");
});

test("queuePosition keeps the filters that apply and a well-formed page cursor, nothing else", () => {
  expect(queuePosition(new URLSearchParams("network=mtn&order=newest&after=MjAyNi0wMS0wMQ&x=<script>")).search).toBe(
    "?network=mtn&order=newest&after=MjAyNi0wMS0wMQ",
  );
  expect(queuePosition({ before: "abc_-1", status: "bogus" })).toEqual({
    filters: { order: "oldest" },
    page: { after: undefined, before: "abc_-1" },
    search: "?before=abc_-1",
  });
  expect(queuePosition({ after: "a/b", before: "c" }).page).toEqual({ after: undefined, before: "c" });
  expect(queuePosition({ after: "a", before: "c" }).page).toEqual({ after: "a", before: undefined });
  expect(queuePosition({ after: "x".repeat(201) }).search).toBe("");
  expect(queuePosition(new URLSearchParams()).search).toBe("");
});
