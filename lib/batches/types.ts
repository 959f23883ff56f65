// The Bulk charges page's view, as its components may know it (made by ./list-view.ts).
export type { BatchesListView } from "./list-view";
