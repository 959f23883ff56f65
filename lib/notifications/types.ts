// The Notifications page's view, as its components may know it (made by ./page-view.ts).
export type { NotificationsPageView } from "./page-view";
/** One kind of notification and how the member has it by email (Your profile). */
export type { EmailChoiceView } from "./settings";
