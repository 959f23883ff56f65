// The team page's function (pages/team/index.tsx, served without the framework's runtime):
// lib/startup.ts puts ./staff-page.ts around lib/team/page-view.ts here. The slot is here rather
// than in lib/team/ (as a list's is in its feature): the header's session makes layout use team
// (through session), and a slot there would need layout's types back, a cycle.
import { pageSlot } from "@/lib/http/page-slot";
import type { TeamView } from "@/lib/team/types";
import type { PageRequest, StaffAnswer } from "./types";

export const teamPages = pageSlot<{ team(request: PageRequest): Promise<StaffAnswer<TeamView>> }>("team");
