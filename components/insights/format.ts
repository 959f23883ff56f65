// Display formats for the insights page. Days are labels (YYYY-MM-DD, already counted in the
// business's zone by the queries), so each is formatted as that date in UTC: a day label must
// never shift by the server's or reader's zone.
import type { Period, Status } from "@/lib/charges/insights-shape";
import { lastDayOf } from "@/lib/charges/insights-shape";

const SHORT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const LONG = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const PERCENT = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });

export const formatDay = (day: string, long = false) => (long ? LONG : SHORT).format(new Date(`${day}T00:00:00Z`));
export const formatPercent = (rate: number) => PERCENT.format(rate);
export const formatCount = (n: number) => n.toLocaleString("en");

/** "1 Mar 2025 – 30 Mar 2025": both days included, as the picker shows them. */
export function formatPeriod(p: Period): string {
  const last = lastDayOf(p);
  return last === p.from ? formatDay(p.from, true) : `${formatDay(p.from, true)} – ${formatDay(last, true)}`;
}

export const STATUS_LABELS: Record<Status, string> = {
  success: "Success",
  pending: "Pending",
  failed: "Failed",
  unknown: "Unknown",
  submitting: "Submitting",
};

// Light colours are the app's status colours; the dark ones are lighter tints that keep
// contrast on the dark panel.
export const STATUS_SWATCH: Record<Status, string> = {
  success: "bg-status-success dark:bg-emerald-400",
  pending: "bg-amber-500 dark:bg-amber-300",
  failed: "bg-status-failed dark:bg-red-400",
  unknown: "bg-status-unknown dark:bg-violet-400",
  submitting: "bg-brand-200 dark:bg-sky-300",
};

/** The same colours as SVG fills (charts draw bars as SVG shapes: the CSP allows no inline style). */
export const STATUS_FILL: Record<Status, string> = {
  success: "fill-status-success dark:fill-emerald-400",
  pending: "fill-amber-500 dark:fill-amber-300",
  failed: "fill-status-failed dark:fill-red-400",
  unknown: "fill-status-unknown dark:fill-violet-400",
  submitting: "fill-brand-200 dark:fill-sky-300",
};

/** Shared colours of the page's surfaces, light then dark. */
export const surface = {
  card: [
    "rounded-card border border-line bg-white text-ink shadow-card",
    "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:shadow-none",
  ].join(" "),
  muted: "text-ink-muted dark:text-slate-400",
  track: "bg-canvas dark:bg-slate-800",
};
