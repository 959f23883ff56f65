// The Reconcile page's function (pages/reconcile/index.tsx, served without the framework's
// runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./queue-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { QueueView } from "./types";

export const reconcilePages = pageSlot<{
  queue(request: PageRequest): Promise<StaffAnswer<QueueView>>;
  /** The page's forms (the "Views" bar's), sent: `url` is the page's own address. */
  act(request: PageRequest, form: URLSearchParams | null, url: string): Promise<StaffAnswer<QueueView>>;
}>("reconcile");
