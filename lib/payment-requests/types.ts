// The Pay links pages' views, as their components may know them (made by ./list-view.ts and
// ./form-page.ts).
export type { PayLinksView } from "./list-view";
export type { NewPayLinkView } from "./form-page";
