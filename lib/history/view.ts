// The Transactions page's view, as its components may know it (the view is made by ./transactions-view.ts).
export type { TransactionsView } from "./transactions-view";
