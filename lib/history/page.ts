// One page of the history as the member asking sees it, how many charges match in all, and the
// directory's name for each number on the page.
import "server-only";
import { viewsOf } from "@/lib/charges";
import { customersByPhone } from "@/lib/customers";
import type { Asker } from "@/lib/access/types";
import type { Charge } from "@/lib/db/schema";
import type { MemberRow } from "@/lib/team/types";
import type { HistoryFilters, PageSize } from "./filters";
import { countHistory, queryHistory } from "./queries";

type Team = Promise<Pick<MemberRow, "id" | "name" | "email" | "role">[]>;

/**
 * `team`: the team's list when the page reads it anyway (the history's "made by" filter): the
 * rows' makers are found there rather than by a query of their own.
 */
export async function historyPage(
  ctx: Asker,
  filters: HistoryFilters,
  page: { after?: string; before?: string; size?: PageSize },
  team?: Team,
) {
  const [rows, total] = await Promise.all([historyRows(ctx, filters, page, team), countHistory(ctx.db, filters)]);
  return { ...rows, total };
}

/**
 * The page's rows without the count of every match (the search box's few: the count is the
 * costliest part of a search by words); `older` says whether there are more.
 */
export async function historyRows(
  ctx: Asker,
  filters: HistoryFilters,
  page: { after?: string; before?: string; size?: number },
  team?: Team,
) {
  const { rows, older, newer } = await queryHistory(ctx.db, filters, { after: page.after, before: page.before, limit: page.size });
  return { ...(await asSeenBy(ctx, rows, team)), older, newer };
}

/**
 * Ledger rows as the member may see them (numbers masked as their role requires), with the
 * directory's customer of each row's number, by charge id.
 */
export async function asSeenBy({ db, member }: Asker, rows: Charge[], team?: Team) {
  // Looked up by the stored number, so a member who sees it masked still sees whose it is.
  const [charges, byPhone] = await Promise.all([
    viewsOf(db, rows, member, await team),
    customersByPhone(
      db,
      rows.map((r) => r.phoneNumber),
    ),
  ]);
  const customers: Record<string, { id: string; name: string }> = {};
  for (const r of rows) {
    const c = byPhone.get(r.phoneNumber);
    if (c) customers[r.id] = c;
  }
  return { charges, customers };
}
