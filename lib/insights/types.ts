// The Insights page's view, as its components may know it (made by ./page-view.ts).
export type { InsightsPageView } from "./page-view";
