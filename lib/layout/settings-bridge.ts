// The Business page's function (pages/settings/index.tsx, served without the framework's runtime):
// lib/startup.ts puts ./staff-page.ts around lib/business/page-view.ts here. The slot is here
// rather than in lib/business/ (as a list's is in its feature): the header shows the business, so
// layout uses business, and a slot there would need layout's types back, a cycle.
import type { SettingsView } from "@/lib/business/types";
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "./types";

export const settingsPages = pageSlot<{ business(request: PageRequest): Promise<StaffAnswer<SettingsView>> }>("settings");
