// How the period's charges ended: one stacked bar (decorative) and a legend that says it all.
import { countOf } from "@/lib/format";
import type { OutcomeCount } from "@/lib/insights/shape";
import { EMPTY_VALUE } from "@/lib/format";
import { ChartCard } from "./chart-card";
import { STATUS_LABELS } from "@/lib/market/statuses";
import { formatCount, formatPercent, STATUS_FILL, STATUS_SWATCH } from "./format";

export function OutcomeMix({ mix }: { mix: OutcomeCount[] }) {
  const total = mix.reduce((a, m) => a + m.count, 0);
  const present = mix.filter((m) => m.count > 0);
  const counted = present.map((m) => `${STATUS_LABELS[m.status]} ${formatCount(m.count)}`);
  const summary = `${counted.join(", ")} of ${countOf(total, "charge")}.`;
  return (
    <ChartCard id="chart-outcomes" testId="chart-outcomes" title="Outcome mix" summary={summary}>
      <svg aria-hidden className="block h-4 w-full overflow-hidden rounded-full" viewBox="0 0 100 1" preserveAspectRatio="none">
        {present.map((m, i) => {
          const x = (present.slice(0, i).reduce((a, p) => a + p.count, 0) / total) * 100;
          return (
            <rect
              key={m.status}
              className={STATUS_FILL[m.status]}
              x={x}
              y={0}
              width={Math.max(0, (m.count / total) * 100 - (i < present.length - 1 ? 0.4 : 0))}
              height={1}
            />
          );
        })}
      </svg>
      <ul className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {mix.map((m) => (
          <li key={m.status} className="flex items-center gap-2" data-testid={`outcome-${m.status}`}>
            <span aria-hidden className={`h-3 w-3 shrink-0 rounded-sm ${STATUS_SWATCH[m.status]}`} />
            <span>{STATUS_LABELS[m.status]}</span>
            <span className="ml-auto font-semibold tabular-nums">{formatCount(m.count)}</span>
            <span className="w-14 text-right tabular-nums opacity-75">{total ? formatPercent(m.count / total) : EMPTY_VALUE}</span>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
