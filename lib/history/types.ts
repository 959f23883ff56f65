// The history's shapes that the page decides and the browser shows: types only.

/** The CSV export as the page offers it (lib/history/transactions-view.ts decides it). */
export type ExportAction =
  /** The member may not export. */
  | { kind: "none" }
  /** The export link, carrying the page's filters. */
  | { kind: "link"; href: string }
  /** A filter is not valid: an export would not be what the page shows. */
  | { kind: "off" };
