// The reconciliation queue's filters as they live in the URL (?status=&network=&age=&order=).
// A value that does not parse is named with a message and ignored, never half-applied: the
// queue then shows more charges, not fewer, so nothing that needs a decision hides behind a typo.
import { PROVIDER_IDS, type ProviderId } from "@/lib/market/networks";

/** Only these two are ever in the queue: everything else has a settled outcome. */
export const QUEUE_STATUSES = ["pending", "unknown"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const QUEUE_ORDERS = ["oldest", "newest"] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

/** The ages the form offers; any other `<n>m`, `<n>h` or `<n>d` in the URL works too. */
export const AGE_CHOICES = ["15m", "1h", "1d"] as const;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const UNIT_WORD = { m: "minute", h: "hour", d: "day" } as const;
const MAX_AGE_MS = 366 * UNIT_MS.d;

export type QueueFilters = {
  status?: QueueStatus;
  network?: ProviderId;
  /** "older than": as written in the URL (`15m`), and in milliseconds. */
  age?: { text: string; ms: number };
  order: QueueOrder;
};

/** `15m`, `1h`, `2d` → milliseconds; anything else (zero, no unit, over a year) → null. */
export function parseAge(value: string): { text: string; ms: number } | null {
  const m = /^([1-9]\d{0,5})([mhd])$/.exec(value.trim().toLowerCase());
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  return ms <= MAX_AGE_MS ? { text: `${m[1]}${m[2]}`, ms } : null;
}

/** `15m` → "15 minutes", `1h` → "1 hour" (for the form and the caption). */
export function ageLabel(text: string): string {
  const n = Number(text.slice(0, -1));
  const word = UNIT_WORD[text.slice(-1) as keyof typeof UNIT_WORD];
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

/** Reads the queue's filters from URL parameters; returns what applies and a message per ignored value. */
export function parseQueueFilters(params: Params): { filters: QueueFilters; problems: Record<string, string> } {
  const get = (k: string) => {
    const v = params instanceof URLSearchParams ? params.get(k) : params[k];
    const one = (Array.isArray(v) ? v[0] : v) ?? "";
    return one.trim();
  };
  const filters: QueueFilters = { order: "oldest" };
  const problems: Record<string, string> = {};
  const status = get("status");
  if (status) {
    if ((QUEUE_STATUSES as readonly string[]).includes(status)) filters.status = status as QueueStatus;
    else problems.status = "Only pending and unknown charges are in the queue";
  }
  const network = get("network");
  if (network) {
    if ((PROVIDER_IDS as readonly string[]).includes(network)) filters.network = network as ProviderId;
    else problems.network = "Unknown network";
  }
  const age = get("age");
  if (age) {
    const parsed = parseAge(age);
    if (parsed) filters.age = parsed;
    else problems.age = "Use an age like 15m, 1h or 1d (at most a year)";
  }
  const order = get("order");
  if (order) {
    if ((QUEUE_ORDERS as readonly string[]).includes(order)) filters.order = order as QueueOrder;
    else problems.order = "Choose oldest or newest first";
  }
  return { filters, problems };
}

/** The URL parameters for these filters (what a shared link carries); the default order is left out. */
export function queueFiltersToParams(f: QueueFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.network) p.set("network", f.network);
  if (f.age) p.set("age", f.age.text);
  if (f.order !== "oldest") p.set("order", f.order);
  return p;
}

/** "23 charges need a decision"; with filters on, how many of those they keep. */
export function queueCaption(counts: { total: number; matching: number }, filtered: boolean): string {
  const n = (k: number) => (k === 1 ? "1 charge" : `${k.toLocaleString("en-GB")} charges`);
  const all = `${n(counts.total)} ${counts.total === 1 ? "needs" : "need"} a decision`;
  return filtered ? `${all}; ${counts.matching.toLocaleString("en-GB")} match these filters` : all;
}

const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Where in the queue a member is: its filters and the page they are on (`after` or `before`, as
 * written), read back from URL parameters. A charge opened from the queue carries it, so its
 * "Back to the queue" returns to the same page of the same list; nothing else passes through.
 */
export function queuePosition(params: Params): { filters: QueueFilters; page: { after?: string; before?: string }; search: string } {
  const { filters } = parseQueueFilters(params);
  const get = (k: string) => {
    const v = params instanceof URLSearchParams ? params.get(k) : params[k];
    const one = Array.isArray(v) ? v[0] : v;
    return one && CURSOR.test(one) ? one : undefined;
  };
  const after = get("after");
  const before = after ? undefined : get("before");
  const p = queueFiltersToParams(filters);
  if (after) p.set("after", after);
  if (before) p.set("before", before);
  return { filters, page: { after, before }, search: p.size ? `?${p}` : "" };
}
