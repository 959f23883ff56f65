// The shape of Insights, shared by the page, its components and the queries: periods of days
// (calendar dates, counted in the business's time zone by the queries), what each figure holds, and how a page's
// ?from=&to= becomes a period. No database here,
// so components may import it (docs/architecture.md, "Working on the code").
import { addDays, parseDay } from "@/lib/day";

/** Days as YYYY-MM-DD (dates in the business's zone); `to` is exclusive, so [from, to) never counts a charge twice. */
export type Period = { from: string; to: string };
export const STATUSES = ["success", "pending", "failed", "unknown", "submitting"] as const;
export type Status = (typeof STATUSES)[number];

export type DayCount = { day: string; count: number };
/** Successful volume per day in one currency; amounts of different currencies never add up. */
export type VolumeSeries = { currency: string; totalMinor: number; days: { day: string; minor: number }[] };
export type NetworkRate = { provider: string; success: number; failed: number; unknown: number; finished: number; rate: number | null };
export type OutcomeCount = { status: Status; count: number };
/** How a charge came in: a member by hand, a bulk batch, or a customer from a pay link. */
export const SOURCES = ["hand", "batch", "link"] as const;
export type Source = (typeof SOURCES)[number];
export const SOURCE_LABELS: Record<Source, string> = { hand: "Charged by hand", batch: "Bulk batches", link: "Pay links" };
/** Charges of one source, those that succeeded, and what they took in (net of reversals) per currency. */
export type SourceCount = { source: Source; count: number; success: number; volumes: { currency: string; minor: number }[] };

/** A day from the URL, as the app writes it ("1 Mar 2025") or as ISO ("2025-03-01"), or null. */
function dayFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const read = parseDay(value);
  return read.ok ? read.day : null;
}

export function daysOf(p: Period): string[] {
  const days: string[] = [];
  for (let d = p.from; d < p.to; d = addDays(d, 1)) days.push(d);
  return days;
}

export type Insights = {
  period: Period;
  counts: DayCount[];
  volumes: VolumeSeries[];
  networks: NetworkRate[];
  mix: OutcomeCount[];
  sources: SourceCount[];
  summary: { count: number; success: number; finished: number; rate: number | null };
};

// ---- The period a page asks for: ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included. ----

export const PRESET_DAYS = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
/** Longest period one page shows: a year of daily bars is still readable. */
const MAX_DAYS = 366;

/** The last `n` days, today included. */
export const lastDays = (n: number, today: string): Period => ({ from: addDays(today, 1 - n), to: addDays(today, 1) });
/** The last day a period includes, as a person and the URL write it. */
export const lastDayOf = (p: Period) => addDays(p.to, -1);

export type PeriodChoice = { period: Period; error: string | null };

/** Reads the URL's dates; anything unusable gives the default period and says why. */
export function periodFromSearch(from: unknown, to: unknown, today: string): PeriodChoice {
  const fallback = (why: string): PeriodChoice => ({
    period: lastDays(DEFAULT_DAYS, today),
    error: `${why} Showing the last ${DEFAULT_DAYS} days instead.`,
  });
  if (from === undefined && to === undefined) return { period: lastDays(DEFAULT_DAYS, today), error: null };
  const [first, last] = [dayFrom(from), dayFrom(to)];
  if (!first || !last) return fallback("The period needs a start and an end date, each a real day written like 23 Nov 2026.");
  if (first > last) return fallback("The start date is after the end date.");
  const period = { from: first, to: addDays(last, 1) };
  if (daysOf(period).length > MAX_DAYS) return fallback(`A period can be at most ${MAX_DAYS} days long.`);
  return { period, error: null };
}
