// The period's report: summary figures, then the charts, each with its figures in words.
import { countOf } from "@/lib/format";
import { TextLink } from "@/components/ui/link";
import { lastDayOf, type Insights, type Period, type VolumeSeries } from "@/lib/insights/shape";
import { formatMoney } from "@/lib/money";
import { FiguresTable, ChartCard } from "./chart-card";
import { DailyBarChart } from "./daily-bar-chart";
import { formatCompactMoney } from "@/lib/money";
import { formatDay } from "@/lib/day";
import { formatCount, surface } from "./format";
import { ChargeSources } from "./charge-sources";
import { NetworkRates } from "./network-rates";
import { OutcomeMix } from "./outcome-mix";
import { SummaryFigures } from "./summary-figures";
import { Card } from "@/components/ui/card";

export function InsightsReport({ insights }: { insights: Insights }) {
  const { counts, volumes, networks, mix } = insights;
  const [main, ...others] = volumes;
  const busiest = counts.reduce((a, b) => (b.count > a.count ? b : a));
  const countSummary =
    `${countOf(insights.summary.count, "charge")} of every status; ` +
    `the busiest day was ${formatDay(busiest.day)} with ${formatCount(busiest.count)}.`;
  return (
    <div className="space-y-6">
      <SummaryFigures insights={insights} />
      {main ? <VolumeChart series={main} others={others} days={counts.length} /> : null}
      <ChartCard id="chart-count" testId="chart-count" title="Charges by day" summary={countSummary}>
        <DailyBarChart
          tone="count"
          integer
          label="Bar chart of the number of charges per day"
          points={counts.map((c) => ({ day: c.day, value: c.count }))}
          format={(v) => `${formatCount(v)} ${v === 1 ? "charge" : "charges"}`}
          axisFormat={formatCount}
        />
        <FiguresTable
          caption="Charges per day"
          head={["Day", "Charges"]}
          rows={counts.map((c) => [formatDay(c.day), formatCount(c.count)])}
        />
      </ChartCard>
      <div className="grid gap-6 md:grid-cols-2">
        <NetworkRates networks={networks} />
        <OutcomeMix mix={mix} />
        <ChargeSources sources={insights.sources} />
      </div>
    </div>
  );
}

function VolumeChart({ series, others, days }: { series: VolumeSeries; others: VolumeSeries[]; days: number }) {
  const money = (v: number) => formatMoney(v, series.currency);
  const top = series.days.reduce((a, b) => (b.minor > a.minor ? b : a));
  // One currency is drawn (the biggest): amounts in different currencies share no axis.
  const rest = others.length
    ? ` Other currencies are not drawn: ${others.map((v) => formatMoney(v.totalMinor, v.currency)).join(", ")}.`
    : "";
  return (
    <ChartCard
      id="chart-volume"
      testId="chart-volume"
      title={`Successful volume by day, net of reversals (${series.currency})`}
      summary={`${money(series.totalMinor)} over ${countOf(days, "day")}, most on ${formatDay(top.day)} (${money(top.minor)}).${rest}`}
    >
      <DailyBarChart
        tone="volume"
        label={`Bar chart of successful volume per day in ${series.currency}`}
        points={series.days.map((d) => ({ day: d.day, value: d.minor }))}
        format={money}
        axisFormat={(v) => formatCompactMoney(v, series.currency)}
      />
      <FiguresTable
        caption={`Successful volume per day, ${series.currency}`}
        head={["Day", "Volume"]}
        rows={series.days.map((d) => [formatDay(d.day), money(d.minor)])}
      />
    </ChartCard>
  );
}

export function EmptyInsights({ period, canCharge }: { period: Period; canCharge: boolean }) {
  return (
    <Card as="div" flush data-testid="insights-empty" className="p-6">
      <h2 className="font-semibold">No charges in this period</h2>
      <p className={`mt-1 text-sm ${surface.muted}`}>
        Nothing was charged from {formatDay(period.from)} to {formatDay(lastDayOf(period))}. Choose another period above.
      </p>
      {canCharge ? (
        <TextLink href="/charges/new" className="mt-3 inline-block text-sm">
          Make a charge
        </TextLink>
      ) : null}
    </Card>
  );
}
