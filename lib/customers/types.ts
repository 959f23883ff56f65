// The Customers page's view, as its components may know it (made by ./directory-view.ts).
export type { CustomersView } from "./directory-view";
