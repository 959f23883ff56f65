// A bar per day, drawn as SVG on the server: d3-scale does the arithmetic (bands, "nice" axis
// ticks) and no chart code reaches the browser, so the page's JavaScript stays the app's own.
//
// The chart takes the width it is given, without any script: across, everything is placed in
// percentages of the drawing's width (the SVG has no viewBox, so nothing is scaled and the
// text keeps its size); down, in pixels. The value axis's labels sit in a fixed margin left
// of the drawing. So on a phone the whole period fits, the newest day included, and nothing
// scrolls sideways.
import { scaleBand, scaleLinear } from "d3-scale";
import { formatDay } from "@/lib/day";
import { formatShortDay } from "./format";

const H = 220;
const M = { top: 10, bottom: 24 };
/** Day labels under the bars: at most this many from the sm breakpoint up, and below it. */
const MAX_LABELS = 7;
const MAX_LABELS_NARROW = 4;

export type BarTone = "volume" | "count";
// Fills that keep 3:1 contrast against the card in both schemes (app/globals.css).
const TONES: Record<BarTone, string> = {
  volume: "fill-chart-volume",
  count: "fill-chart-count",
};

const pct = (v: number) => `${Number(v.toFixed(3))}%`;

export function DailyBarChart({
  points,
  format,
  axisFormat,
  tone,
  label,
  integer = false,
}: {
  points: { day: string; value: number }[];
  format: (v: number) => string;
  axisFormat: (v: number) => string;
  tone: BarTone;
  label: string;
  integer?: boolean;
}) {
  const days = points.map((p) => p.day);
  // Across: percent of the drawing's width.
  const x = scaleBand<string>()
    .domain(days)
    .range([0, 100])
    .paddingInner(days.length > 45 ? 0.1 : 0.25)
    .paddingOuter(0.1);
  const max = Math.max(0, ...points.map((p) => p.value));
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([H - M.bottom, M.top]);
  // Counts have no half charges: keep only whole ticks.
  const ticks = y.ticks(4).filter((t) => !integer || Number.isInteger(t));
  // Labels are counted back from the newest day, which always has one. A narrow screen shows
  // every second (or further) of them, so they never overlap.
  const every = Math.ceil(days.length / MAX_LABELS);
  const everyNarrow = every * Math.ceil(Math.ceil(days.length / every) / MAX_LABELS_NARROW);
  const last = days.length - 1;
  const bar = x.bandwidth();
  return (
    <div className="pl-14">
      <svg width="100%" height={H} role="img" aria-label={label} className="block overflow-visible text-[12px]">
        <g className="fill-ink-muted stroke-line">
          {ticks.map((t) => (
            <g key={t} transform={`translate(0 ${y(t)})`}>
              <line x1="0" x2="100%" strokeDasharray={t === 0 ? undefined : "3 3"} />
              <text x={-8} dy="0.32em" textAnchor="end" stroke="none">
                {axisFormat(t)}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            const back = last - i;
            if (back % every !== 0) return null;
            const start = x(d) ?? 0;
            // The end labels line up with the drawing's edges instead of running past them.
            const [at, anchor]: [number, "start" | "middle" | "end"] =
              i === last ? [start + bar, "end"] : i === 0 ? [start, "start"] : [start + bar / 2, "middle"];
            return (
              <text
                key={d}
                data-day={d}
                x={pct(at)}
                y={H - 6}
                textAnchor={anchor}
                stroke="none"
                className={back % everyNarrow === 0 ? undefined : "max-sm:hidden"}
              >
                {formatShortDay(d)}
              </text>
            );
          })}
        </g>
        <g className={TONES[tone]}>
          {points.map((p) =>
            p.value > 0 ? (
              <rect
                key={p.day}
                data-day={p.day}
                x={pct(x(p.day) ?? 0)}
                y={y(p.value)}
                width={pct(bar)}
                height={Math.max(1, y(0) - y(p.value))}
                rx={days.length > 45 ? 1 : 2}
              >
                <title>{`${formatDay(p.day)}: ${format(p.value)}`}</title>
              </rect>
            ) : null,
          )}
        </g>
      </svg>
    </div>
  );
}
