// The period at a glance: successful volume, number of charges, success rate.
import type { ReactNode } from "react";
import type { Insights } from "@/lib/insights/shape";
import { EMPTY_VALUE } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { formatCount, formatPercent, surface } from "./format";
import { Card } from "@/components/ui/card";

export function SummaryFigures({ insights }: { insights: Insights }) {
  const { summary, volumes, counts } = insights;
  const [main, ...others] = volumes;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure
        label="Volume (successful, net of reversals)"
        testId="summary-volume"
        value={main ? formatMoney(main.totalMinor, main.currency) : EMPTY_VALUE}
      >
        {/* Currencies are never added together: each other one gets its own line. */}
        {!main
          ? "No successful charge yet"
          : others.length
            ? others.map((v) => `+ ${formatMoney(v.totalMinor, v.currency)}`).join(" · ")
            : `from ${formatCount(summary.success)} successful charges`}
      </Figure>
      <Figure label="Charges" testId="summary-count" value={formatCount(summary.count)}>
        in {formatCount(counts.length)} {counts.length === 1 ? "day" : "days"}, every status
      </Figure>
      <Figure label="Success rate" testId="summary-rate" value={summary.rate === null ? EMPTY_VALUE : formatPercent(summary.rate)}>
        {summary.finished
          ? `${formatCount(summary.success)} of ${formatCount(summary.finished)} finished charges`
          : "No charge has finished yet"}
      </Figure>
    </dl>
  );
}

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children: ReactNode }) {
  return (
    <Card as="div" flush className="p-4 sm:p-5" data-testid={testId}>
      <dt className={`text-sm font-medium ${surface.muted}`}>{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </dd>
      <dd className={`mt-1 text-xs ${surface.muted}`}>{children}</dd>
    </Card>
  );
}
