// The history's URL filters: what applies, what is dropped (with a message), and the link back.
import { describe, expect, test } from "vitest";
import {
  countFilters,
  datePresets,
  pageSizeOf,
  filtersToParams,
  MIN_DESCRIPTION_SEARCH,
  parseHistoryFilters,
  searchKind,
  type HistoryFilters,
} from "@/lib/history/filters";

const parse = (query: string) => parseHistoryFilters(new URLSearchParams(query));

describe("parseHistoryFilters", () => {
  test("every filter from URL parameters", () => {
    const { filters, problems } = parse(
      "q=rent&status=pending&network=vodafone&member=user-1&currency=GHS&min=10.50&max=1,250&from=2026-01-01&to=2026-01-31",
    );
    expect(problems).toEqual({});
    expect(filters).toEqual({
      q: "rent",
      status: "pending",
      network: "vodafone",
      member: "user-1",
      currency: "GHS",
      minMinor: 1050,
      maxMinor: 125000,
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });

  test("from a Next searchParams object: arrays give their first value, undefined and blanks are ignored", () => {
    const { filters, problems } = parseHistoryFilters({
      status: ["failed", "success"],
      network: "airteltigo",
      member: undefined,
      q: "   ",
      min: "",
      from: ["2026-03-01"],
    });
    expect(problems).toEqual({});
    expect(filters).toEqual({ status: "failed", network: "airteltigo", from: "2026-03-01" });
    expect(Object.values(filters).filter((v) => v !== undefined)).toHaveLength(3);
  });

  test("one pay link's attempts: ?request= names the link by its id; anything else is named and dropped", () => {
    const id = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
    const read = parse(`request=${id}&status=success`);
    expect(read).toEqual({ filters: expect.objectContaining({ request: id, status: "success" }), problems: {} });
    expect(countFilters(read.filters)).toBe(2);
    expect(filtersToParams(read.filters).get("request")).toBe(id);
    expect(parse("request=../../etc").problems).toEqual({ request: "Unknown pay link" });
    expect(parse("request=../../etc").filters.request).toBeUndefined();
  });

  test("no parameters: no filters, no problems", () => {
    const { filters, problems } = parse("");
    expect(problems).toEqual({});
    expect(Object.values(filters).filter((v) => v !== undefined)).toEqual([]);
  });

  test("text values are trimmed", () => {
    expect(parse("q=%20%20rent%20%20&member=%20user-1%20").filters).toMatchObject({ q: "rent", member: "user-1" });
  });

  test.each(["submitting", "success", "pending", "failed", "unknown"])("status %s is accepted", (status) => {
    expect(parse(`status=${status}`)).toMatchObject({ filters: { status }, problems: {} });
  });

  test.each([
    ["status=refunded", "status", "Unknown status"],
    ["status=SUCCESS", "status", "Unknown status"],
    ["network=glo", "network", "Unknown network"],
    ["currency=EUR", "currency", "Unknown currency"],
    ["from=22/11/2026", "from", "Use a date like 23 Nov 2026"],
    ["to=2026-1-5", "to", "Use a date like 23 Nov 2026"],
    ["from=2026-13-01", "from", "Not a real date"],
    ["from=2026-02-30", "from", "Not a real date"],
    ["to=2026-04-31", "to", "Not a real date"],
    ["from=0000-01-01", "from", "Not a real date"],
    ["min=abc", "min", "Enter the amount as a number, like 25.00"],
    ["max=1,50", "max", "Enter the amount as a number, like 25.00"],
    ["min=0", "min", "The amount must be more than zero"],
    ["max=10.555", "max", "GHS amounts have at most 2 decimal places"],
    ["currency=UGX&min=10.5", "min", "UGX amounts have no decimal places"],
    ["max=2000000", "max", "The amount can be at most 1,000,000 GHS"],
    [`q=${"x".repeat(101)}`, "q", "Search for at most 100 characters"],
    ["q=ab", "q", `Type at least ${MIN_DESCRIPTION_SEARCH} characters to search descriptions`],
  ])("%s is dropped: %s → %s", (query, key, message) => {
    const { filters, problems } = parse(`${query}&member=user-9`);
    expect(problems).toEqual({ [key]: message });
    const field = key === "min" ? "minMinor" : key === "max" ? "maxMinor" : key;
    expect(filters[field as keyof HistoryFilters]).toBeUndefined();
    expect(filters.member).toBe("user-9"); // the others still apply
  });

  test("an end date before the start date drops the end date only", () => {
    const { filters, problems } = parse("from=2026-02-10&to=2026-02-09");
    expect(problems).toEqual({ to: "The end date is before the start date" });
    expect(filters.from).toBe("2026-02-10");
    expect(filters.to).toBeUndefined();
    expect(parse("from=2024-02-29&to=2024-02-29")).toMatchObject({ filters: { from: "2024-02-29", to: "2024-02-29" }, problems: {} });
    expect(parse("from=2026-02-10&to=2026-02-10")).toMatchObject({ filters: { from: "2026-02-10", to: "2026-02-10" }, problems: {} });
  });

  test("amounts are minor units of the chosen currency (GHS by default)", () => {
    expect(parse("min=25&max=25.5").filters).toMatchObject({ minMinor: 2500, maxMinor: 2550 });
    expect(parse("currency=UGX&min=1,000&max=25000").filters).toMatchObject({ minMinor: 1000, maxMinor: 25000 });
    expect(parse("currency=KES&min=0.07").filters).toMatchObject({ minMinor: 7 });
    // An unknown currency is dropped; the amounts fall back to GHS.
    expect(parse("currency=EUR&min=1.25")).toMatchObject({
      filters: { currency: undefined, minMinor: 125 },
      problems: { currency: "Unknown currency" },
    });
  });

  test("days as the app writes them are read, and kept as ISO days", () => {
    expect(parse("from=1+Nov+2026&to=23%20November%202026")).toEqual({ filters: { from: "2026-11-01", to: "2026-11-23" }, problems: {} });
    expect(parse("from=23+Nov+2026&to=2026-11-23")).toMatchObject({ filters: { from: "2026-11-23", to: "2026-11-23" }, problems: {} });
    expect(parse("from=24+Nov+2026&to=23+Nov+2026")).toMatchObject({
      filters: { from: "2026-11-24" },
      problems: { to: "The end date is before the start date" },
    });
    expect(parse("from=31+Apr+2026").problems).toEqual({ from: "Not a real date" });
  });

  test("short searches that are not descriptions are kept", () => {
    expect(parse("q=abc")).toMatchObject({ filters: { q: "abc" }, problems: {} });
    expect(parse("q=TXN-MOMO-1")).toMatchObject({ filters: { q: "TXN-MOMO-1" }, problems: {} });
  });
});

describe("searchKind", () => {
  test.each([
    ["TXN-MOMO-123", "reference"],
    ["txn-momo-123", "reference"],
    ["Txn-Momo-0042", "reference"],
    ["0241234567", "phone"],
    ["024 123 4567", "phone"],
    ["024-123-4567", "phone"],
    ["+233241234567", "phone"],
    ["+233 24 123 4567", "phone"],
    ["00233 24 123 4567", "phone"],
    ["233241234567", "phone"],
    ["rent for march", "description"],
    ["TXN-MOMO-", "description"],
    ["TXN-MOMO-12a", "description"],
    ["024123456", "description"], // nine digits: not a number
    ["+44 20 7946 0958", "description"],
  ])("%s → %s", (q, kind) => {
    expect(searchKind(q)).toBe(kind);
  });
});

describe("countFilters", () => {
  test("counts the filters beside the search box that apply", () => {
    expect(countFilters({})).toBe(0);
    expect(countFilters({ q: "rent", currency: "GHS" })).toBe(0);
    expect(countFilters(parse("status=failed&min=0.01&from=1+Nov+2026").filters)).toBe(3);
    expect(countFilters(parse("status=failed&network=mtn&member=user-1&min=1&max=2&from=2026-01-01&to=2026-01-02").filters)).toBe(7);
    // A value that does not parse is not applied, so not counted.
    expect(countFilters(parse("status=bogus&network=mtn&from=30+Feb+2026").filters)).toBe(1);
  });
});

describe("filtersToParams", () => {
  test.each<[string, HistoryFilters]>([
    [
      "every filter",
      {
        q: "rent",
        status: "unknown",
        network: "mtn",
        member: "user-1",
        currency: "GHS",
        minMinor: 1050,
        maxMinor: 100_000_000,
        from: "2026-01-01",
        to: "2026-12-31",
      },
    ],
    ["amounts without a currency (GHS)", { minMinor: 7, maxMinor: 2550 }],
    ["a currency without decimals", { currency: "UGX", minMinor: 1, maxMinor: 999_999 }],
    ["a reference search", { q: "TXN-MOMO-123" }],
    ["a phone search with spaces", { q: "+233 24 123 4567" }],
    ["nothing", {}],
  ])("round-trips %s", (_name, filters) => {
    const params = filtersToParams(filters);
    const back = parseHistoryFilters(new URLSearchParams(params.toString()));
    expect(back.problems).toEqual({});
    expect(back.filters).toEqual(filters);
  });

  test("writes amounts in major units and leaves out what is unset", () => {
    expect(filtersToParams({ minMinor: 1050, maxMinor: 7 }).toString()).toBe("min=10.5&max=0.07");
    expect(filtersToParams({ currency: "UGX", minMinor: 1050 }).toString()).toBe("currency=UGX&min=1050");
    expect(filtersToParams({}).toString()).toBe("");
  });
});

describe("the page size and the date presets", () => {
  test("?size= is one of 25, 50 and 100; anything else is the default, 50", () => {
    expect(["25", "50", "100"].map(pageSizeOf)).toEqual([25, 50, 100]);
    for (const odd of [undefined, "", "10", "1000", "25.0", " 25", "0x19", "-25", ["25"], "1e2"]) expect(pageSizeOf(odd)).toBe(50);
  });

  test("today, the last 7 and the last 30 days end on the business's today, across a month and a year", () => {
    expect(datePresets("2026-01-03")).toEqual([
      { label: "Today", from: "2026-01-03", to: "2026-01-03" },
      { label: "Last 7 days", from: "2025-12-28", to: "2026-01-03" },
      { label: "Last 30 days", from: "2025-12-05", to: "2026-01-03" },
    ]);
    // Over a leap day.
    expect(datePresets("2028-03-01")[1]).toEqual({ label: "Last 7 days", from: "2028-02-24", to: "2028-03-01" });
  });

  test("the business's zone is carried to the query, never into the URL", () => {
    const { filters } = parseHistoryFilters(new URLSearchParams("from=2026-01-01"), "Pacific/Auckland");
    expect(filters.timeZone).toBe("Pacific/Auckland");
    expect(filtersToParams(filters).toString()).toBe("from=2026-01-01");
  });
});
