// The Bulk charges pages' views, as their components may know them (made by ./list-view.ts and ./form-page.ts).
import type { CurrencyCode } from "@/lib/money";

export type { BatchesListView } from "./list-view";

/** The new batch page: the currencies the account accepts (the first is a row's when its cell is empty). */
export type NewBatchView = { currencies: CurrencyCode[] };
