// The Bulk charges page's function (pages/batches/index.tsx, served without the framework's
// runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./list-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { BatchesListView } from "./types";

export const batchesPages = pageSlot<{ list(request: PageRequest): Promise<StaffAnswer<BatchesListView>> }>("batches");
