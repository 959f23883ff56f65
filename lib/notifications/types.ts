// The Notifications page's view, as its components may know it (made by ./page-view.ts).
export type { NotificationsPageView } from "./page-view";
