// The Reconcile page's content (pages/reconcile/index.tsx serves it without the framework's
// runtime, in components/layout/staff-frame.tsx): what lib/reconcile/queue-view.ts decided, as
// server HTML. The filters are a GET form, the pages links; each charge opens under /reconcile.
import { CursorNav } from "@/components/ui/cursor-nav";
import { ChargesTable } from "@/components/history/charges-table";
import { Card, PageTitle } from "@/components/ui/card";
import { FilterProblems } from "@/components/ui/filter-problems";
import { QueueFiltersForm } from "@/components/reconcile/filters-form";
import { ViewsBar } from "@/components/saved-views/views-bar";
import type { QueueView } from "@/lib/reconcile/types";

const PROBLEM_LABELS = { status: "Status", network: "Network", age: "Older than", order: "Order" };

export function QueueContent({ view: v }: { view: QueueView }) {
  return (
    <>
      <PageTitle description={v.description}>Needs attention</PageTitle>
      <QueueFiltersForm {...v.form} />
      <ViewsBar bar={v.views} />
      <FilterProblems problems={v.problems} labels={PROBLEM_LABELS} />
      {!v.total ? (
        <Card>
          <p className="text-ink-muted">Nothing needs attention. Every charge has a settled outcome.</p>
        </Card>
      ) : (
        <>
          <h2 className="mb-3 text-lg font-semibold" data-testid="queue-count">
            {v.caption}
          </h2>
          {v.charges.length ? (
            <ChargesTable
              charges={v.charges}
              caption={v.tableCaption}
              link={{ base: "/reconcile", search: v.search }}
              timeZone={v.timeZone}
            />
          ) : (
            <Card>
              <p className="text-ink-muted">No charge in the queue matches these filters.</p>
            </Card>
          )}
          <CursorNav back={v.previous} on={v.next} backLabel="← Previous page" onLabel="Next page →" />
        </>
      )}
    </>
  );
}
