// The audit log page's function (pages/audit/index.tsx, served without the framework's runtime):
// lib/startup.ts puts lib/layout/staff-page.ts around ./audit-page.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { AuditPageView } from "./types";

export const auditPages = pageSlot<{
  log(request: PageRequest): Promise<StaffAnswer<AuditPageView>>;
  /** The page's forms (the "Views" bar's), sent: `url` is the page's own address. */
  act(request: PageRequest, form: URLSearchParams | null, url: string): Promise<StaffAnswer<AuditPageView>>;
}>("audit-log");
