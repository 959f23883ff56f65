// What a list page tells the saved views about itself (lib/history, lib/reconcile and lib/audit-log
// each make one): its name and address, and how its own filter schema reads a query.
import type { SavedViewPage } from "./types";

type FiltersRead = {
  /** The filters that apply, as the page writes them in its links (no cursor, no unknown parameter). */
  query: URLSearchParams;
  /** Why a value was not applied, by field. */
  problems: Record<string, string>;
};

export type ViewsPage = {
  page: SavedViewPage;
  /** The page's address ("/transactions"). */
  path: string;
  /** The page's own filter schema, reading a query (the page's address's, or a saved view's). */
  read(params: URLSearchParams): FiltersRead;
  /** Each filter's name on the page's form ("status" → "Status"), for what a refusal names. */
  labels: Record<string, string>;
  /** Why these filters may not be shown to the whole team (null: they may). */
  shareRefusal?(query: URLSearchParams): string | null;
};

/** A page's query as Next.js hands it (a name may repeat), as URLSearchParams: each name's first value. */
export function searchParamsOf(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    const one = Array.isArray(v) ? v[0] : v;
    if (one !== undefined) p.set(k, one);
  }
  return p;
}

/** The address of these filters on the page. */
export function hrefOf(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}
