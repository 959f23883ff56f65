// Saved views as the pages decide them and the browser shows them (components/saved-views/): types
// and the few numbers the form says, safe for the browser.
import type { SAVED_VIEW_PAGES } from "@/lib/db/saved-view-schema";

export type SavedViewPage = (typeof SAVED_VIEW_PAGES)[number];

/** How many views one member may keep on one page (shared ones they made included). */
export const MAX_VIEWS_PER_PAGE = 50;

/** A view's name: 1 to this many characters of one plain line. */
export const VIEW_NAME_MAX = 60;

/** One view as the bar lists it: a link that applies it, and whether this member may delete it. */
export type SavedViewLink = {
  id: string;
  name: string;
  href: string;
  /** The page shows exactly this view's filters now. */
  current: boolean;
  canDelete: boolean;
  /** Who shared it (a team view's maker; "you" for one's own); null for one's own private view. */
  by: string | null;
};

/** The "Views" bar of a list page (lib/saved-views/bar.ts decides it). */
export type ViewsBar = {
  /** The page's address: the bar's forms post there (the page answers 303 back). */
  path: string;
  /** The address's query as it is (filters, page size, cursors), carried by the forms; the server keeps only the filters. */
  query: string;
  mine: SavedViewLink[];
  team: SavedViewLink[];
  /** An owner may share a view with the team. */
  canShare: boolean;
  /** This member keeps the most views there may be on this page. */
  full: boolean;
  limit: number;
  /** The save form as it was sent back (what to fix, or why it was not saved); empty when not sent. */
  save: { name: string; shared: boolean; error: string | null };
  /** Why a view could not be deleted, when the page was sent back for it. */
  notice: string | null;
};
