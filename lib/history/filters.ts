// The history's filters as they live in the URL (?q=&status=&network=&member=&batch=&request=&min=&max=&from=&to=),
// parsed by one schema for the page, the API and the CSV export. A value that does not parse
// is dropped with a message, never half-applied.
import * as z from "zod";
import "@/lib/zod";
import { CURRENCIES, DEFAULT_CURRENCY, parseAmount, type CurrencyCode } from "@/lib/money";
import { LOCAL_NUMBER, normalizePhone, PROVIDER_IDS } from "@/lib/market/networks";
import { CHARGE_STATUSES } from "@/lib/market/statuses";
import { isPlainLine } from "@/lib/text";
import { MEMBER_ID } from "@/lib/team/schema";
import { addDays, parseDay } from "@/lib/day";

/** Shorter description searches cannot use the trigram index; they are refused, not slow. */
export const MIN_DESCRIPTION_SEARCH = 3;

export type SearchKind = "reference" | "phone" | "description";

/** What a search box value means: a reference or its start, a phone number, or words in descriptions. */
export function searchKind(q: string): SearchKind {
  if (/^TXN-MOMO-\d+$/i.test(q)) return "reference";
  if (LOCAL_NUMBER.test(normalizePhone(q))) return "phone";
  return "description";
}

// A day as people type it ("23 Nov 2026") or as links carry it ("2026-11-23"), kept as the ISO day.
const day = z.string().transform((text, ctx) => {
  const read = parseDay(text);
  if (read.ok) return read.day;
  ctx.issues.push({ code: "custom", message: read.message, input: text });
  return z.NEVER;
});

const FIELDS = {
  q: z
    .string()
    .trim()
    .min(1)
    .max(100, "Search for at most 100 characters")
    .refine(isPlainLine, "Remove control characters from the search"),
  status: z.enum(CHARGE_STATUSES, { error: "Unknown status" }),
  network: z.enum(PROVIDER_IDS, { error: "Unknown network" }),
  member: z.string().trim().regex(MEMBER_ID, "Unknown member"),
  /** The charges one bulk batch sent (a link from the batch's page). */
  batch: z.uuid({ error: "Unknown batch" }),
  /** The attempts to pay one pay link (a link from the pay link's page). */
  request: z.uuid({ error: "Unknown pay link" }),
  currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]], { error: "Unknown currency" }),
  min: z.string().trim().min(1),
  max: z.string().trim().min(1),
  from: day,
  to: day,
};

export type HistoryFilters = {
  q?: string;
  status?: z.infer<typeof FIELDS.status>;
  network?: z.infer<typeof FIELDS.network>;
  member?: string;
  batch?: string;
  request?: string;
  currency?: CurrencyCode;
  /** Amount bounds in minor units of `currency` (GHS unless set). */
  minMinor?: number;
  maxMinor?: number;
  /** Inclusive days, in `timeZone`. */
  from?: string;
  to?: string;
  /** The zone whose days `from` and `to` name: the business's (UTC when unset). Not a filter of its own. */
  timeZone?: string;
};

export const FILTER_KEYS = Object.keys(FIELDS) as (keyof typeof FIELDS)[];

/**
 * Reads filters from URL parameters; returns what applies and a message per ignored value.
 * `timeZone`: the business's, whose days `from` and `to` are.
 */
export function parseHistoryFilters(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
  timeZone?: string,
): {
  filters: HistoryFilters;
  problems: Record<string, string>;
} {
  const get = (k: string) => {
    const v = params instanceof URLSearchParams ? params.get(k) : params[k];
    return (Array.isArray(v) ? v[0] : v) ?? undefined;
  };
  const problems: Record<string, string> = {};
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = get(key);
    if (value === undefined || value.trim() === "") continue;
    const parsed = FIELDS[key].safeParse(value);
    if (parsed.success) raw[key] = parsed.data;
    else problems[key] = parsed.error.issues[0].message;
  }
  const filters: HistoryFilters = {
    q: raw.q,
    status: raw.status as HistoryFilters["status"],
    network: raw.network as HistoryFilters["network"],
    member: raw.member,
    batch: raw.batch,
    request: raw.request,
    currency: raw.currency as CurrencyCode | undefined,
    from: raw.from,
    to: raw.to,
    timeZone,
  };
  for (const bound of ["min", "max"] as const) {
    if (!raw[bound]) continue;
    const amount = parseAmount(raw[bound], filters.currency ?? DEFAULT_CURRENCY);
    if (amount.ok) filters[bound === "min" ? "minMinor" : "maxMinor"] = amount.minor;
    else problems[bound] = amount.message;
  }
  if (filters.q && searchKind(filters.q) === "description" && filters.q.length < MIN_DESCRIPTION_SEARCH) {
    problems.q = `Type at least ${MIN_DESCRIPTION_SEARCH} characters to search descriptions`;
    delete filters.q;
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.to = "The end date is before the start date";
    delete filters.to;
  }
  return { filters, problems };
}

/** How many of the filters beside the search box apply (what "Filters (n)" counts). */
export function countFilters(f: HistoryFilters): number {
  return [f.status, f.network, f.member, f.batch, f.request, f.minMinor, f.maxMinor, f.from, f.to].filter((v) => v !== undefined).length;
}

/** The URL parameters for these filters (what a shared link carries). */
export function filtersToParams(f: HistoryFilters): URLSearchParams {
  const p = new URLSearchParams();
  const cur = f.currency ?? DEFAULT_CURRENCY;
  const major = (minor: number) => String(minor / 10 ** CURRENCIES[cur].exponent);
  if (f.q) p.set("q", f.q);
  if (f.status) p.set("status", f.status);
  if (f.network) p.set("network", f.network);
  if (f.member) p.set("member", f.member);
  if (f.batch) p.set("batch", f.batch);
  if (f.request) p.set("request", f.request);
  if (f.currency) p.set("currency", f.currency);
  if (f.minMinor !== undefined) p.set("min", major(f.minMinor));
  if (f.maxMinor !== undefined) p.set("max", major(f.maxMinor));
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  return p;
}

/** How many charges a page of the history may show (?size=). */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;

/** The page size a URL asks for, or the default for anything else (it is a view, not a filter). */
export function pageSizeOf(value: unknown): PageSize {
  const n = typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return PAGE_SIZES.find((s) => s === n) ?? DEFAULT_PAGE_SIZE;
}

/** The day ranges offered in one click, as (inclusive) days ending on `today` in the business's zone. */
export function datePresets(today: string): { label: string; from: string; to: string }[] {
  return [
    { label: "Today", from: today, to: today },
    { label: "Last 7 days", from: addDays(today, -6), to: today },
    { label: "Last 30 days", from: addDays(today, -29), to: today },
  ];
}
