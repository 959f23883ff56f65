// The Account page's view, as its components may know it (made by ./page-view.ts).
export type { AccountPageView } from "./page-view";
