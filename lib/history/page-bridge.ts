// How the Transactions page, served by the Pages Router without the framework's runtime
// (pages/transactions/index.tsx, docs/decisions/lists-without-runtime.md), reaches its gate, frame
// and view. Next.js refuses any module marked "server-only" in the Pages Router's build, as the
// database and every use case are, so the server hands the page its function when it starts
// (lib/startup.ts: lib/layout/staff-page.ts around ./transactions-view.ts), on globalThis like the
// process's other shared state (as the pay page's lib/payment-requests/page-bridge.ts), and the
// page imports only this file and types.
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { TransactionsView } from "./view";

export type HistoryPages = {
  transactions(request: PageRequest): Promise<StaffAnswer<TransactionsView>>;
};

const HISTORY_PAGES = Symbol.for("momo-dashboard.history-pages");
type Slot = { [HISTORY_PAGES]?: HistoryPages };

/** At start-up. */
export function provideHistoryPages(pages: HistoryPages): void {
  (globalThis as Slot)[HISTORY_PAGES] = pages;
}

/** What the server provided. */
export function historyPages(): HistoryPages {
  const pages = (globalThis as Slot)[HISTORY_PAGES];
  if (!pages) throw new Error("The server has not started: the history's page has nothing to read.");
  return pages;
}
