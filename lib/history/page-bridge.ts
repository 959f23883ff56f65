// The Transactions page's functions (pages/transactions/index.tsx, served without the framework's
// runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./transactions-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { TransactionsView } from "./view";

export const historyPages = pageSlot<{
  transactions(request: PageRequest): Promise<StaffAnswer<TransactionsView>>;
  /** The page's forms (the "Views" bar's), sent: `url` is the page's own address. */
  act(request: PageRequest, form: URLSearchParams | null, url: string): Promise<StaffAnswer<TransactionsView>>;
}>("history");
