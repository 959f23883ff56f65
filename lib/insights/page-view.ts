// The Insights page's decisions (pages/insights/index.tsx and components/insights/insights-content.tsx
// only render them): the period the address asks for, read in the business's zone (or the default
// period and why), and that period's figures from ./queries.ts.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { todayIn } from "@/lib/day";
import { loadInsights } from "./queries";
import { periodFromSearch } from "./shape";

type Params = Record<string, string | string[] | undefined>;

export async function insightsPageView(ctx: Asker, params: Params) {
  const { timeZone } = await currentBusiness();
  const today = todayIn(timeZone);
  const { period, error } = periodFromSearch(params.from, params.to, today);
  const insights = await loadInsights(ctx.db, period, timeZone);
  return { timeZone, today, period, error, insights, canCharge: can(ctx.member.role, "charge:create") };
}

/** What the Insights page shows. */
export type InsightsPageView = Awaited<ReturnType<typeof insightsPageView>>;
