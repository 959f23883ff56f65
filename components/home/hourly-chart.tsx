// Charges per hour of today (bars) and of the same weekday last week (a dash per hour), drawn as
// SVG on the server as Insights' charts are (components/insights/daily-bar-chart.tsx says how it
// fits a phone without a script): across in percentages of the width, down in pixels.
import { scaleBand, scaleLinear } from "d3-scale";
import type { HourBar } from "@/lib/home/types";

const H = 140;
const M = { top: 8, bottom: 22 };
const pct = (v: number) => `${Number(v.toFixed(3))}%`;
const LABELLED = [0, 6, 12, 18, 23];

export function HourlyChart({ hours, label }: { hours: HourBar[]; label: string }) {
  const x = scaleBand<number>()
    .domain(hours.map((h) => h.hour))
    .range([0, 100])
    .paddingInner(0.2)
    .paddingOuter(0.05);
  const max = Math.max(1, ...hours.map((h) => Math.max(h.today ?? 0, h.lastWeek)));
  const y = scaleLinear()
    .domain([0, max])
    .nice(3)
    .range([H - M.bottom, M.top]);
  const ticks = y.ticks(3).filter((t) => Number.isInteger(t));
  const bar = x.bandwidth();
  return (
    <div className="pl-8">
      <svg width="100%" height={H} role="img" aria-label={label} className="block overflow-visible text-[12px]">
        <g className="fill-ink-muted stroke-line">
          {ticks.map((t) => (
            <g key={t} transform={`translate(0 ${y(t)})`}>
              <line x1="0" x2="100%" strokeDasharray={t === 0 ? undefined : "3 3"} />
              <text x={-6} dy="0.32em" textAnchor="end" stroke="none">
                {t}
              </text>
            </g>
          ))}
          {LABELLED.map((hour) => (
            <text key={hour} x={pct((x(hour) ?? 0) + bar / 2)} y={H - 6} textAnchor="middle" stroke="none">
              {String(hour).padStart(2, "0")}
            </text>
          ))}
        </g>
        {hours.map((h) => {
          const left = x(h.hour) ?? 0;
          return (
            <g key={h.hour} data-hour={h.hour}>
              {h.today ? (
                <rect x={pct(left)} width={pct(bar)} y={y(h.today)} height={y(0) - y(h.today)} rx="1.5" className="fill-chart-count" />
              ) : null}
              {h.lastWeek ? (
                <line
                  x1={pct(left - bar * 0.1)}
                  x2={pct(left + bar * 1.1)}
                  y1={y(h.lastWeek)}
                  y2={y(h.lastWeek)}
                  strokeWidth="2.5"
                  className="stroke-ink"
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-chart-count" /> Today
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-3 bg-ink" /> Same day last week
        </span>
      </p>
    </div>
  );
}
