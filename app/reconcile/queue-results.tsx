// The queue itself, read behind the page's Suspense boundary: the caption with its counts, one
// page of charges (each opening under /reconcile, with the way back), and the page links.
import { CursorNav } from "@/components/ui/cursor-nav";
import { ChargesTable } from "@/components/history/charges-table";
import { Card } from "@/components/ui/card";
import type { Asker } from "@/lib/access/types";
import { queueCaption, queueFiltersToParams, type QueueFilters } from "@/lib/reconcile/filters";
import { reconcileQueue } from "@/lib/reconcile/actions";
import { currentBusiness } from "@/lib/business/current";

export async function QueueResults({
  filters,
  page,
  search,
  ctx,
}: {
  filters: QueueFilters;
  page: { after?: string; before?: string };
  /** Where this page is (filters and cursor), carried by each charge's link. */
  search: string;
  /** Who is reading: the phone numbers are shown as they may see them. */
  ctx: Asker;
}) {
  const [q, { timeZone }] = await Promise.all([reconcileQueue(ctx, filters, page), currentBusiness()]);
  const query = queueFiltersToParams(filters);
  const filtered = query.has("status") || query.has("network") || query.has("age");
  const caption = queueCaption(q, filtered);
  const link = (extra: Record<string, string>) => `/reconcile?${new URLSearchParams({ ...Object.fromEntries(query), ...extra })}`;

  if (!q.total)
    return (
      <Card>
        <p className="text-ink-muted">Nothing needs attention. Every charge has a settled outcome.</p>
      </Card>
    );
  return (
    <>
      <h2 className="mb-3 text-lg font-semibold" data-testid="queue-count">
        {caption}
      </h2>
      {q.charges.length ? (
        <ChargesTable
          charges={q.charges}
          caption={`${caption}, ${filters.order} first`}
          link={{ base: "/reconcile", search }}
          timeZone={timeZone}
        />
      ) : (
        <Card>
          <p className="text-ink-muted">No charge in the queue matches these filters.</p>
        </Card>
      )}
      <CursorNav
        back={q.prev && link({ before: q.prev })}
        on={q.next && link({ after: q.next })}
        backLabel="← Previous page"
        onLabel="Next page →"
      />
    </>
  );
}
