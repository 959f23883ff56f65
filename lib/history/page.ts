// One page of the history as the member asking sees it, and how many charges match in all.
import "server-only";
import { viewsOf } from "@/lib/charges/views";
import type { Asker, MemberRow } from "@/lib/team/types";
import type { HistoryFilters } from "./filters";
import { countHistory, queryHistory } from "./queries";

/**
 * `team`: the team's list when the page reads it anyway (the history's "made by" filter): the
 * rows' makers are found there rather than by a query of their own.
 */
export async function historyPage(
  { db, member }: Asker,
  filters: HistoryFilters,
  page: { after?: string; before?: string },
  team?: Promise<Pick<MemberRow, "id" | "name" | "email" | "role">[]>,
) {
  const [{ rows, older, newer }, total] = await Promise.all([queryHistory(db, filters, page), countHistory(db, filters)]);
  return { charges: await viewsOf(db, rows, member, await team), older, newer, total };
}
