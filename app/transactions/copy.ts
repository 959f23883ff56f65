/** Shown under the page's title, by the page and by its loading state alike. */
export const TRANSACTIONS_DESCRIPTION =
  "Every charge in the ledger, newest first. Filters live in the address, so a link shows the same list.";
