// The Notifications page's functions (pages/notifications/index.tsx, served without the framework's
// runtime): lib/startup.ts puts ./staff-page.ts around lib/notifications/page-view.ts here. The
// slot is here rather than in lib/notifications/ (as each other list's is in its feature): the
// header's bell makes layout use notifications, and a slot there would need layout's types back.
import { pageSlot } from "@/lib/http/page-slot";
import type { NotificationsPageView } from "@/lib/notifications/types";
import type { PageRequest, StaffAnswer } from "./types";

export const notificationsPages = pageSlot<{
  list(request: PageRequest): Promise<StaffAnswer<NotificationsPageView>>;
  /** A form of the page, sent: `url` is the address it was sent to, for the same-site check. */
  act(request: PageRequest, form: URLSearchParams, url: string): Promise<StaffAnswer<never>>;
}>("notifications");
