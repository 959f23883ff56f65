// How the period's charges ended: one stacked bar (decorative) and a legend that says it all.
import type { OutcomeCount } from "@/lib/charges/insights";
import { ChartCard } from "./chart-card";
import { formatCount, formatPercent, STATUS_LABELS, STATUS_SWATCH } from "./format";

export function OutcomeMix({ mix }: { mix: OutcomeCount[] }) {
  const total = mix.reduce((a, m) => a + m.count, 0);
  const present = mix.filter((m) => m.count > 0);
  const summary = present.map((m) => `${STATUS_LABELS[m.status]} ${formatCount(m.count)}`).join(", ") + ` of ${formatCount(total)} charges.`;
  return (
    <ChartCard id="chart-outcomes" testId="chart-outcomes" title="Outcome mix" summary={summary}>
      <div aria-hidden className="flex h-4 gap-0.5 overflow-hidden rounded-full">
        {present.map((m) => (
          <div key={m.status} className={STATUS_SWATCH[m.status]} style={{ width: `${(m.count / total) * 100}%` }} />
        ))}
      </div>
      <ul className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {mix.map((m) => (
          <li key={m.status} className="flex items-center gap-2" data-testid={`outcome-${m.status}`}>
            <span aria-hidden className={`h-3 w-3 shrink-0 rounded-sm ${STATUS_SWATCH[m.status]}`} />
            <span>{STATUS_LABELS[m.status]}</span>
            <span className="ml-auto font-semibold tabular-nums">{formatCount(m.count)}</span>
            <span className="w-14 text-right tabular-nums opacity-75">{total ? formatPercent(m.count / total) : "—"}</span>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
