// The "Views" bar of a list page, as the page's view carries it (components/saved-views/views-bar.tsx
// renders it): the member's own views and the team's shared ones as links, which one the page shows
// now, what this member may delete or share, and the save form as it was sent back.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { type ViewsPage, hrefOf, searchParamsOf } from "./page";
import { visibleViews } from "./queries";
import { MAX_VIEWS_PER_PAGE, type SavedViewLink, type ViewsBar } from "./types";

/** The save form or a delete sent back to the page: what was typed, and what went wrong. */
export type SentBack = { save?: ViewsBar["save"]; notice?: string };

type Params = Record<string, string | string[] | undefined>;

export async function viewsBar({ db, member }: Asker, spec: ViewsPage, params: Params, sent: SentBack = {}): Promise<ViewsBar> {
  const raw = searchParamsOf(params);
  const current = spec.read(raw).query.toString();
  const rows = await visibleViews(db, member.id, spec.page);
  const owner = member.role === "owner";
  const link = (r: (typeof rows)[number]): SavedViewLink => ({
    id: r.id,
    name: r.name,
    href: hrefOf(spec.path, r.query),
    current: r.query === current,
    canDelete: r.shared ? owner : r.memberId === member.id,
    by: r.shared ? (r.memberId === member.id ? "you" : (r.by ?? "a former member")) : null,
  });
  return {
    path: spec.path,
    query: raw.toString(),
    mine: rows.filter((r) => !r.shared).map(link),
    team: rows.filter((r) => r.shared).map(link),
    canShare: owner,
    full: rows.filter((r) => r.memberId === member.id).length >= MAX_VIEWS_PER_PAGE,
    limit: MAX_VIEWS_PER_PAGE,
    save: sent.save ?? { name: "", shared: false, error: null },
    notice: sent.notice ?? null,
  };
}
