// The Account page's function (pages/account/index.tsx, served without the framework's runtime):
// lib/startup.ts puts lib/layout/staff-page.ts around ./page-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { AccountPageView } from "./types";

export const accountPages = pageSlot<{ record(request: PageRequest): Promise<StaffAnswer<AccountPageView>> }>("account");
