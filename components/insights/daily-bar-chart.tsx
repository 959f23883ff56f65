// A bar per day, drawn as SVG on the server: d3-scale does the arithmetic (bands, "nice" axis
// ticks) and no chart code reaches the browser, so the page's JavaScript stays the app's own.
import { scaleBand, scaleLinear } from "d3-scale";
import { formatDay } from "./format";

const W = 720;
const H = 220;
const M = { top: 10, right: 8, bottom: 24, left: 58 };
/** At most this many day labels under the bars: more would overlap. */
const MAX_LABELS = 7;

export type BarTone = "volume" | "count";
// Fills that keep 3:1 contrast against the card in both schemes (app/globals.css).
const TONES: Record<BarTone, string> = {
  volume: "fill-chart-volume",
  count: "fill-chart-count",
};

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
  const x = scaleBand<string>()
    .domain(days)
    .range([M.left, W - M.right])
    .paddingInner(days.length > 45 ? 0.1 : 0.25)
    .paddingOuter(0.1);
  const max = Math.max(0, ...points.map((p) => p.value));
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([H - M.bottom, M.top]);
  // Counts have no half charges: keep only whole ticks.
  const ticks = y.ticks(4).filter((t) => !integer || Number.isInteger(t));
  const every = Math.ceil(days.length / MAX_LABELS);
  // Below 520px the chart scrolls sideways inside its card rather than shrinking its labels
  // past reading; the page itself never scrolls sideways.
  return (
    <div className="overflow-x-auto">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={label}
        className="block h-auto w-full min-w-[520px] overflow-visible text-[12px]"
      >
        <g className="fill-ink-muted stroke-line">
          {ticks.map((t) => (
            <g key={t} transform={`translate(0 ${y(t)})`}>
              <line x1={M.left} x2={W - M.right} strokeDasharray={t === 0 ? undefined : "3 3"} />
              <text x={M.left - 8} dy="0.32em" textAnchor="end" stroke="none">
                {axisFormat(t)}
              </text>
            </g>
          ))}
          {days.map((d, i) =>
            i % every === 0 ? (
              <text key={d} x={(x(d) ?? 0) + x.bandwidth() / 2} y={H - 6} textAnchor="middle" stroke="none">
                {formatDay(d)}
              </text>
            ) : null,
          )}
        </g>
        <g className={TONES[tone]}>
          {points.map((p) =>
            p.value > 0 ? (
              <rect
                key={p.day}
                x={x(p.day)}
                y={y(p.value)}
                width={x.bandwidth()}
                height={Math.max(1, y(0) - y(p.value))}
                rx={Math.min(3, x.bandwidth() / 4)}
              >
                <title>{`${formatDay(p.day, true)}: ${format(p.value)}`}</title>
              </rect>
            ) : null,
          )}
        </g>
      </svg>
    </div>
  );
}
