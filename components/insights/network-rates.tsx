// Success rate by network: a labelled bar per network. The words carry the figures; the bars
// only repeat them, so they are hidden from screen readers.
import type { NetworkRate } from "@/lib/insights/shape";
import { providerLabel } from "@/lib/market/networks";
import { EMPTY_VALUE } from "@/lib/format";
import { ChartCard } from "./chart-card";
import { formatCount, formatPercent, surface } from "./format";

export function NetworkRates({ networks }: { networks: NetworkRate[] }) {
  const shown = networks.filter((n) => n.finished > 0);
  const summary = shown.length
    ? shown.map((n) => `${providerLabel(n.provider)} ${formatPercent(n.rate ?? 0)}`).join(", ")
    : "No charge has finished in this period yet.";
  return (
    <ChartCard id="chart-networks" testId="chart-networks" title="Success rate by network" summary={summary}>
      <ul className="space-y-4">
        {networks.map((n) => (
          <li key={n.provider}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium">{providerLabel(n.provider)}</span>
              <span className="font-semibold tabular-nums">{n.rate === null ? EMPTY_VALUE : formatPercent(n.rate)}</span>
            </div>
            <svg aria-hidden className={`mt-1.5 block h-2.5 w-full overflow-hidden rounded-full ${surface.track}`}>
              <rect className="fill-status-success" width={`${(n.rate ?? 0) * 100}%`} height="100%" rx="5" />
            </svg>
            <p className={`mt-1 text-xs ${surface.muted}`}>
              {n.finished
                ? `${formatCount(n.success)} of ${formatCount(n.finished)} finished charges succeeded ` +
                  `(${formatCount(n.failed)} failed, ${formatCount(n.unknown)} unknown)`
                : "No finished charges"}
            </p>
          </li>
        ))}
      </ul>
      <p className={`mt-4 text-xs ${surface.muted}`}>
        Pending charges are not counted until they finish; an unknown outcome counts as not successful.
      </p>
    </ChartCard>
  );
}
