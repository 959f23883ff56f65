// The Pay links page's view, as its components may know it (made by ./list-view.ts).
export type { PayLinksView } from "./list-view";
