// The Bulk charges pages' functions (pages/batches/index.tsx and new.tsx, served without the
// framework's runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./list-view.ts and
// ./form-page.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { BatchesListView, NewBatchView } from "./types";

export const batchesPages = pageSlot<{
  list(request: PageRequest): Promise<StaffAnswer<BatchesListView>>;
  form(request: PageRequest): Promise<StaffAnswer<NewBatchView>>;
}>("batches");
