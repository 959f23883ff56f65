// What other features may use of lib/saved-views/ (docs/architecture.md, "The feature graph"): a
// list page adds the "Views" bar to its view and sends the bar's forms here.
export { viewsBar } from "./bar";
export type { SentBack } from "./bar";
export { viewsAction } from "./act";
export type { ViewsPage } from "./page";
