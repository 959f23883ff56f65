// The Transactions page's decisions (pages/transactions/index.tsx and
// components/history/transactions-content.tsx only render them): the filters as read, a search
// by number past its hour's limit dropped like any filter that cannot apply, the page size, links
// that keep the filters, the date presets, the batch or pay link the list is scoped to, and
// whether the export is offered.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { batchView } from "@/lib/batches";
import { currentBusiness } from "@/lib/business";
import { todayIn } from "@/lib/day";
import { getRequest } from "@/lib/payment-requests";
import type { FormOutcome } from "@/lib/layout/types";
import { type SentBack, viewsAction, viewsBar } from "@/lib/saved-views";
import { listMembers } from "@/lib/team";
import {
  countFilters,
  DEFAULT_PAGE_SIZE,
  datePresets,
  FILTER_KEYS,
  filtersToParams,
  PAGE_SIZES,
  pageSizeOf,
  parseHistoryFilters,
} from "./filters";
import { historyPage } from "./page";
import { phoneSearchRefusal } from "./phone-search-limit";
import type { ExportAction } from "./types";
import { transactionsViews } from "./views-page";

type Params = Record<string, string | string[] | undefined>;

/** `sent`: the "Views" bar's form sent back to the page (what to fix, or why it was not done). */
export async function transactionsView(ctx: Asker, params: Params, sent?: SentBack) {
  const { member, db } = ctx;
  const { timeZone } = await currentBusiness();
  const { filters, problems } = parseHistoryFilters(params, timeZone);
  const refused = await phoneSearchRefusal(db, member, filters);
  if (refused) {
    filters.q = undefined;
    problems.q = refused;
  }
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  const size = pageSizeOf(one("size"));
  // The page size is a view of the list: links keep it, the export and the filters' count ignore it.
  const view: Record<string, string> = size === DEFAULT_PAGE_SIZE ? {} : { size: String(size) };
  // The team, for the "made by" filter and the rows' makers alike.
  const team = listMembers(db);
  const [page, members, batch, payLink, views] = await Promise.all([
    historyPage(ctx, filters, { after: one("after"), before: one("before"), size }, team),
    team,
    filters.batch ? batchView(ctx, filters.batch) : null,
    filters.request ? getRequest(db, filters.request) : null,
    viewsBar(ctx, transactionsViews, params, sent),
  ]);
  const query = filtersToParams(filters);
  const link = (extra: Record<string, string>) =>
    `/transactions?${new URLSearchParams({ ...Object.fromEntries(query), ...view, ...extra })}`;
  const without = (key: string) =>
    `/transactions?${new URLSearchParams([...[...query].filter(([k]) => k !== key), ...Object.entries(view)])}`;
  const invalid = Object.keys(problems).length > 0;
  // The fields show what was typed; a day that was read is shown as the calendar's field holds it (ISO).
  const values: Record<string, string | undefined> = Object.fromEntries(FILTER_KEYS.map((k) => [k, one(k)]));
  if (filters.from) values.from = filters.from;
  if (filters.to) values.to = filters.to;
  // The file holds exactly the filters the list applies. With a value the list ignores, an
  // export would be wider than what was asked for (the API refuses it), so there is none.
  const exportOffer: ExportAction = !can(member.role, "charge:export")
    ? { kind: "none" }
    : invalid
      ? { kind: "off" }
      : { kind: "link", href: `/api/charges/export?${query}` };
  const scopes = [
    filters.batch && {
      testId: "batch-filter",
      what: "The charges of the bulk batch",
      href: `/batches/${filters.batch}`,
      name: batch?.label ?? "(unknown batch)",
      everyCharge: without("batch"),
    },
    filters.request && {
      testId: "request-filter",
      what: "The attempts to pay the pay link",
      href: `/pay-links/${filters.request}`,
      name: payLink?.description ?? "(unknown pay link)",
      everyCharge: without("request"),
    },
  ].filter((s) => !!s);
  return {
    timeZone,
    form: {
      values,
      problems,
      active: countFilters(filters),
      members,
      presets: datePresets(todayIn(timeZone)).map((p) => ({
        label: p.label,
        href: link({ from: p.from, to: p.to }),
        current: filters.from === p.from && filters.to === p.to,
      })),
      size: view.size ? size : undefined,
    },
    scopes,
    problems,
    views,
    exportOffer,
    page,
    filtered: query.size > 0,
    canCharge: can(member.role, "charge:create"),
    older: page.older ? link({ after: page.older }) : null,
    newer: page.newer ? link({ before: page.newer }) : null,
    /** Each page size, with the link to it from the newest again (the current one has none). */
    sizes: PAGE_SIZES.map((n) => ({ n, href: n === size ? null : link({ size: String(n) }) })),
  };
}

/** The page's forms (the "Views" bar's), sent: back to the page, or the page again with what to fix. */
export async function transactionsAction(ctx: Asker, form: URLSearchParams | null, url: string): Promise<FormOutcome<TransactionsView>> {
  const done = await viewsAction(ctx, transactionsViews, form, url);
  if (!("status" in done)) return done;
  return { status: done.status, view: await transactionsView(ctx, Object.fromEntries(done.params), done.sent) };
}

/** What the Transactions page shows (pages/transactions/index.tsx, through ./page-bridge.ts). */
export type TransactionsView = Awaited<ReturnType<typeof transactionsView>>;
