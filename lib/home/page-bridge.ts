// The home page's function (pages/index.tsx, served without the framework's runtime):
// lib/startup.ts puts lib/layout/staff-page.ts around ./page-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { HomeView } from "./types";

export const homePages = pageSlot<{ home(request: PageRequest): Promise<StaffAnswer<HomeView>> }>("home");
