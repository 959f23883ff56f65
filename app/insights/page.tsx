import type { Metadata } from "next";
import { EmptyInsights, InsightsReport } from "@/components/insights/insights-report";
import { formatPeriod } from "@/components/insights/format";
import { PeriodNotice, PeriodPicker } from "@/components/insights/period-picker";
import { requirePage } from "@/lib/session/guards";
import { can } from "@/lib/access/roles";
import { loadInsights } from "@/lib/insights/queries";
import { currentBusiness } from "@/lib/business/current";
import { periodFromSearch, type Period } from "@/lib/insights/shape";
import { todayIn } from "@/lib/day";
import type { Db } from "@/lib/db/open";

export const metadata: Metadata = { title: "Insights" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function InsightsPage({ searchParams }: { searchParams: SearchParams }) {
  const { member, db } = await requirePage("insight:read", "/insights");
  const params = await searchParams;
  const { timeZone } = await currentBusiness();
  const today = todayIn(timeZone);
  const { period, error } = periodFromSearch(params.from, params.to, today);
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Insights</h1>
        <p className="mt-1 text-sm text-ink-muted" data-testid="insights-period">
          {formatPeriod(period)} · days in {timeZone}
        </p>
      </div>
      <PeriodPicker period={period} today={today} />
      {error ? <PeriodNotice>{error}</PeriodNotice> : null}
      {/* In the page's first part, not streamed after it: painted with the page (docs/benchmarks.md, "Speed"). */}
      <Report db={db} period={period} timeZone={timeZone} canCharge={can(member.role, "charge:create")} />
    </>
  );
}

async function Report({ db, period, timeZone, canCharge }: { db: Db; period: Period; timeZone: string; canCharge: boolean }) {
  const insights = await loadInsights(db, period, timeZone);
  return insights.summary.count ? <InsightsReport insights={insights} /> : <EmptyInsights period={period} canCharge={canCharge} />;
}
