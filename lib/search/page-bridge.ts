// The search results page's function (pages/search.tsx, served without the framework's runtime):
// lib/pages.ts puts lib/layout/staff-page.ts around ./results.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { SearchView } from "./types";

export const searchPages = pageSlot<{ results(request: PageRequest): Promise<StaffAnswer<SearchView>> }>("search");
