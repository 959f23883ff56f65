// A charge's page's functions (pages/transactions/[id].tsx and pages/reconcile/[id].tsx, served
// without the framework's runtime): lib/startup.ts puts lib/layout/staff-page.ts around
// ./page-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { ChargePageView } from "./types";

type From = "history" | "queue";

export const chargePages = pageSlot<{
  view(request: PageRequest, id: string, from: From): Promise<StaffAnswer<ChargePageView>>;
  act(request: PageRequest, id: string, from: From, form: URLSearchParams | null, url: string): Promise<StaffAnswer<ChargePageView>>;
}>("charge-page");
