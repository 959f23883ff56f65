// Display formats for the insights page. Days are labels (YYYY-MM-DD, already counted in the
// business's zone by the queries), so each is formatted as that date in UTC: a day label must
// never shift by the server's or reader's zone.
// A whole day with its year is lib/day.ts's formatDay, as everywhere else in the app; a status
// is named as everywhere else (lib/market/statuses.ts).
import { formatDay } from "@/lib/day";
import type { Period, Status } from "@/lib/insights/shape";
import { lastDayOf } from "@/lib/insights/shape";

const SHORT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const PERCENT = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });

/** "23 Nov": a chart's axis label, where the period already says the year. */
export const formatShortDay = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));
export const formatPercent = (rate: number) => PERCENT.format(rate);
export const formatCount = (n: number) => n.toLocaleString("en");

/** "1 Mar 2025 – 30 Mar 2025": both days included, as the picker shows them. */
export function formatPeriod(p: Period): string {
  const last = lastDayOf(p);
  return last === p.from ? formatDay(p.from) : `${formatDay(p.from)} – ${formatDay(last)}`;
}

// The app's status colours (each has a lighter tint in the dark scheme: app/globals.css).
export const STATUS_SWATCH: Record<Status, string> = {
  success: "bg-status-success",
  pending: "bg-status-pending",
  failed: "bg-status-failed",
  unknown: "bg-status-unknown",
  submitting: "bg-brand-200",
};

/** The same colours as SVG fills (charts draw bars as SVG shapes: the CSP allows no inline style). */
export const STATUS_FILL: Record<Status, string> = {
  success: "fill-status-success",
  pending: "fill-status-pending",
  failed: "fill-status-failed",
  unknown: "fill-status-unknown",
  submitting: "fill-brand-200",
};

/** Shared colours of the page's surfaces. */
export const surface = {
  muted: "text-ink-muted",
  track: "bg-canvas",
};
