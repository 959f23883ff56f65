// The Reconcile page's decisions (pages/reconcile/index.tsx and components/reconcile/queue-content.tsx
// only render them): the filters as read (an age the form does not offer, a hand-made link's 2h,
// still shown as chosen), the caption with its counts, one page of charges (each opening under
// /reconcile, with the way back), and the page links.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { countOf } from "@/lib/format";
import type { FormOutcome } from "@/lib/layout/types";
import { type SentBack, viewsAction, viewsBar } from "@/lib/saved-views";
import { reconcilePendingMinutes, reconcileQueue } from "./actions";
import { AGE_CHOICES, ageLabel, parseQueueFilters, QUEUE_STATUSES, queueCaption, queueFiltersToParams, queuePosition } from "./filters";
import { reconcileViews } from "./views-page";

type Params = Record<string, string | string[] | undefined>;

/** `sent`: the "Views" bar's form sent back to the page (what to fix, or why it was not done). */
export async function queueView(ctx: Asker, params: Params, sent?: SentBack) {
  const { problems } = parseQueueFilters(params);
  const { filters, page, search } = queuePosition(params);
  const ages = [
    ...AGE_CHOICES,
    ...(filters.age && !(AGE_CHOICES as readonly string[]).includes(filters.age.text) ? [filters.age.text] : []),
  ];
  const [q, { timeZone }, views] = await Promise.all([
    reconcileQueue(ctx, filters, page),
    currentBusiness(),
    viewsBar(ctx, reconcileViews, params, sent),
  ]);
  const query = queueFiltersToParams(filters);
  const caption = queueCaption(q, query.has("status") || query.has("network") || query.has("age"));
  const link = (extra: Record<string, string>) => `/reconcile?${new URLSearchParams({ ...Object.fromEntries(query), ...extra })}`;
  return {
    description:
      `Charges whose outcome is unknown, and charges still pending after ${countOf(reconcilePendingMinutes(), "minute")}. ` +
      "Open one to check its status with the upstream or resolve it by hand. " +
      "A background sweep re-checks the ones that have a reference.",
    form: {
      values: { status: filters.status, network: filters.network, age: filters.age?.text, order: filters.order },
      statuses: QUEUE_STATUSES.map((s) => [s, s[0].toUpperCase() + s.slice(1)] as [string, string]),
      ages: ages.map((a) => [a, ageLabel(a)] as [string, string]),
    },
    problems,
    views,
    timeZone,
    total: q.total,
    caption,
    tableCaption: `${caption}, ${filters.order} first`,
    charges: q.charges,
    /** Where this page is (filters and cursor), carried by each charge's link. */
    search,
    previous: q.prev ? link({ before: q.prev }) : null,
    next: q.next ? link({ after: q.next }) : null,
  };
}

/** The page's forms (the "Views" bar's), sent: back to the page, or the page again with what to fix. */
export async function queueAction(ctx: Asker, form: URLSearchParams | null, url: string): Promise<FormOutcome<QueueView>> {
  const done = await viewsAction(ctx, reconcileViews, form, url);
  if (!("status" in done)) return done;
  return { status: done.status, view: await queueView(ctx, Object.fromEntries(done.params), done.sent) };
}

/** What the Reconcile page shows. */
export type QueueView = Awaited<ReturnType<typeof queueView>>;
