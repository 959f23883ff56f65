// How the period's charges came in: members charging by hand, bulk batches, customers paying
// pay links. A row per source, its figures in words; the bar only repeats its share.
import { countOf, EMPTY_VALUE } from "@/lib/format";
import { SOURCE_LABELS, type SourceCount } from "@/lib/insights/shape";
import { formatMoney } from "@/lib/money";
import { ChartCard } from "./chart-card";
import { formatCount, formatPercent, surface } from "./format";

export function ChargeSources({ sources }: { sources: SourceCount[] }) {
  const total = sources.reduce((a, s) => a + s.count, 0);
  const summary = `${sources
    .filter((s) => s.count > 0)
    .map((s) => `${SOURCE_LABELS[s.source]} ${formatCount(s.count)}`)
    .join(", ")} of ${countOf(total, "charge")}.`;
  return (
    <ChartCard id="chart-sources" testId="chart-sources" title="How charges came in" summary={summary}>
      <ul className="space-y-4">
        {sources.map((s) => (
          <li key={s.source} data-testid={`source-${s.source}`}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium">{SOURCE_LABELS[s.source]}</span>
              <span className="font-semibold tabular-nums">{total ? formatPercent(s.count / total) : EMPTY_VALUE}</span>
            </div>
            <svg aria-hidden className={`mt-1.5 block h-2.5 w-full overflow-hidden rounded-full ${surface.track}`}>
              <rect className="fill-chart-count" width={`${total ? (s.count / total) * 100 : 0}%`} height="100%" rx="5" />
            </svg>
            <p className={`mt-1 text-xs ${surface.muted}`}>
              {s.count
                ? `${countOf(s.count, "charge")}, ${formatCount(s.success)} succeeded` +
                  (s.volumes.length ? `: ${s.volumes.map((v) => formatMoney(v.minor, v.currency)).join(" + ")}` : "")
                : "None"}
            </p>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
