// The Customers page's function (pages/customers/index.tsx, served without the framework's
// runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./directory-view.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { CustomersView } from "./types";

export const customersPages = pageSlot<{ directory(request: PageRequest): Promise<StaffAnswer<CustomersView>> }>("customers");
