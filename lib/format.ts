// Display formats shared by server and browser, so both render the same text.

/** The zone dates are shown in until the owner chooses one (Ghana keeps UTC all year). */
export const DEFAULT_TIME_ZONE = "Africa/Accra";

/** What every screen shows for a value that is not there: one dash, the em dash, everywhere. */
export const EMPTY_VALUE = "—";

/**
 * "1,204": a whole number with its thousands grouped, as `toLocaleString("en")` writes it — without
 * Intl, whose first use costs a browser 15–20 ms of building its data on this machine (over
 * 150 ms on a mid-range phone) while the page hydrates. Other numbers go to Intl.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en");
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 row", "2 rows", "1,204 charges": a count with its noun in the right number. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}

/** An IANA zone name (Africa/Accra, UTC, America/Argentina/Salta) that Intl knows; no offsets. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]{0,39}(?:\/[A-Za-z0-9_+-]{1,40}){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Made once per zone and kind: building an Intl formatter costs far more than using one (a 50-row
// table formatted each cell with a new one, a tenth of the page's server time).
const STYLES = {
  dateTime: { dateStyle: "medium", timeStyle: "medium" },
  day: { dateStyle: "medium" },
  time: { timeStyle: "medium" },
} as const;
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: keyof typeof STYLES, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = FORMATTERS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { ...STYLES[kind], timeZone });
    FORMATTERS.set(key, format);
  }
  return format;
}

/** A moment as the business reads it: in its time zone (the business profile's, see lib/business). */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter("dateTime", timeZone).format(new Date(iso));
}

/** "14 Mar 2025, 09:02:10–14:05:40"; both dates in full when the range spans days. */
export function formatTimeRange(fromIso: string, toIso: string, timeZone: string): string {
  const [from, to] = [new Date(fromIso), new Date(toIso)];
  const [day, full] = [formatter("day", timeZone), formatter("dateTime", timeZone)];
  return day.format(from) === day.format(to)
    ? `${full.format(from)}–${formatter("time", timeZone).format(to)}`
    : `${full.format(from)} – ${full.format(to)}`;
}
