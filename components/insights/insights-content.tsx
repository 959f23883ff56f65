// The Insights page's content (pages/insights/index.tsx serves it without the framework's runtime,
// in components/layout/staff-frame.tsx): what lib/insights/page-view.ts decided, as server HTML.
// The presets are links, the custom period a GET form, the charts SVG drawn here.
import { formatPeriod } from "./format";
import { EmptyInsights, InsightsReport } from "./insights-report";
import { PeriodNotice, PeriodPicker } from "./period-picker";
import type { InsightsPageView } from "@/lib/insights/types";

export function InsightsContent({ view: v }: { view: InsightsPageView }) {
  return (
    <div data-testid="insights-panel" className="space-y-6 rounded-card text-ink">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Insights</h1>
        <p className="mt-1 text-sm text-ink-muted" data-testid="insights-period">
          {formatPeriod(v.period)} · days in {v.timeZone}
        </p>
      </div>
      <PeriodPicker period={v.period} today={v.today} />
      {v.error ? <PeriodNotice>{v.error}</PeriodNotice> : null}
      {v.insights.summary.count ? <InsightsReport insights={v.insights} /> : <EmptyInsights period={v.period} canCharge={v.canCharge} />}
    </div>
  );
}
