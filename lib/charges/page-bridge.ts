// The new charge page's function (pages/charges/new.tsx, served without the framework's runtime,
// its form an island): lib/startup.ts puts lib/layout/staff-page.ts around ./form-page.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { NewChargeView } from "./types";

export const chargesPages = pageSlot<{ form(request: PageRequest): Promise<StaffAnswer<NewChargeView>> }>("charges");
