// Whole days as people type them and as the app writes them ("23 Nov 2026"), kept as ISO
// days ("2026-11-23") in queries and links; which instants a day holds is the business's time
// zone's to say (the queries that read days take it).

export type DayResult = { ok: true; day: string } | { ok: false; message: string };

export const DAY_FORMAT_MESSAGE = "Use a date like 23 Nov 2026";
export const NOT_A_DAY_MESSAGE = "Not a real date";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

// The app's own format (en-GB, medium): "23 Nov 2026", "3 Sept 2026".
const DAY_FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** "2026-11-23" → "23 Nov 2026", as dates are written everywhere else in the app. */
export function formatDay(isoDay: string): string {
  return DAY_FORMAT.format(new Date(`${isoDay}T00:00:00Z`));
}

/** A month's number (1–12) from its name or any start of it of 3 letters or more: "Nov", "sept", "January". */
function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  if (w.length < 3) return null;
  const index = MONTHS.findIndex((m) => m.startsWith(w));
  return index < 0 ? null : index + 1;
}

const DAY_MS = 86_400_000;

/** The day `n` days after (before, when negative) an ISO day: UTC arithmetic, so no day is skipped or repeated. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Today's date (YYYY-MM-DD) in the time zone `tz`. */
export function todayIn(tz: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The ISO day for a year, month and day of month, or null when there is no such day (31 Apr, year 0). */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const t = Date.parse(`${text}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March 2, where PostgreSQL's ::date refuses it: a day is
  // real only if it reads back unchanged.
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text ? text : null;
}

/**
 * Reads a day typed as the app writes it ("23 Nov 2026", "23 November 2026", any case, a
 * comma or a dot allowed), month first ("Nov 23, 2026"), or as an ISO day ("2026-11-23").
 * All-number forms other than ISO (23/11/2026, 11/23/2026) are refused: they read
 * differently in different countries.
 */
export function parseDay(input: string): DayResult {
  const text = input.trim().replace(/\s+/g, " ");
  let parts: [number, number | null, number] | null = null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[ -]([a-z]+)\.?,? (\d{4})$/i.exec(text) ?? /^(\d{1,2})-([a-z]+)-(\d{4})$/i.exec(text);
  const monthFirst = /^([a-z]+)\.? (\d{1,2}),? (\d{4})$/i.exec(text);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) parts = [Number(dayFirst[3]), monthOf(dayFirst[2]), Number(dayFirst[1])];
  else if (monthFirst) parts = [Number(monthFirst[3]), monthOf(monthFirst[1]), Number(monthFirst[2])];
  if (!parts || parts[1] === null) return { ok: false, message: DAY_FORMAT_MESSAGE };
  const day = isoDay(parts[0], parts[1], parts[2]);
  return day ? { ok: true, day } : { ok: false, message: NOT_A_DAY_MESSAGE };
}
