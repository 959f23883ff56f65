// The Transactions page's function (pages/transactions/index.tsx, served without the framework's
// runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./transactions-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { TransactionsView } from "./view";

export const historyPages = pageSlot<{ transactions(request: PageRequest): Promise<StaffAnswer<TransactionsView>> }>("history");
