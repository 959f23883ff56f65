// The Insights page's function (pages/insights/index.tsx, served without the framework's runtime):
// lib/startup.ts puts lib/layout/staff-page.ts around ./page-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { InsightsPageView } from "./types";

export const insightsPages = pageSlot<{ report(request: PageRequest): Promise<StaffAnswer<InsightsPageView>> }>("insights");
