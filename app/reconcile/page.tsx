import { countOf } from "@/lib/format";
import type { Metadata } from "next";
import { Suspense } from "react";
import { FilterProblems } from "@/components/ui/filter-problems";
import { QueueFiltersForm } from "@/components/reconcile/filters-form";
import { PageTitle } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/states";
import { requirePage } from "@/lib/session/guards";
import { AGE_CHOICES, ageLabel, parseQueueFilters, QUEUE_STATUSES, queuePosition } from "@/lib/reconcile/filters";
import { reconcilePendingMinutes } from "@/lib/reconcile/actions";
import { QueueResults } from "./queue-results";

export const metadata: Metadata = { title: "Reconcile" };

type Params = Record<string, string | string[] | undefined>;

const PROBLEM_LABELS = { status: "Status", network: "Network", age: "Older than", order: "Order" };

// No loading.tsx for this segment: the title and filters come at once and the list streams in
// behind its own boundary, so /reconcile/{id} below has no boundary above its layout (its 404s
// stay 404s).
export default async function ReconcilePage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("charge:reconcile", "/reconcile");
  const params = await searchParams;
  const { problems } = parseQueueFilters(params);
  const { filters, page, search } = queuePosition(params);
  // An age the form does not offer (a hand-made link's 2h) is still shown as chosen.
  const ages = [
    ...AGE_CHOICES,
    ...(filters.age && !(AGE_CHOICES as readonly string[]).includes(filters.age.text) ? [filters.age.text] : []),
  ];
  return (
    <>
      <PageTitle
        description={
          `Charges whose outcome is unknown, and charges still pending after ${countOf(reconcilePendingMinutes(), "minute")}. ` +
          "Open one to check its status with the upstream or resolve it by hand. " +
          "A background sweep re-checks the ones that have a reference."
        }
      >
        Needs attention
      </PageTitle>
      <QueueFiltersForm
        values={{ status: filters.status, network: filters.network, age: filters.age?.text, order: filters.order }}
        statuses={QUEUE_STATUSES.map((s) => [s, s[0].toUpperCase() + s.slice(1)])}
        ages={ages.map((a) => [a, ageLabel(a)])}
      />
      <FilterProblems problems={problems} labels={PROBLEM_LABELS} />
      <Suspense key={search} fallback={<LoadingState label="Loading the queue…" />}>
        <QueueResults filters={filters} page={page} search={search} ctx={ctx} />
      </Suspense>
    </>
  );
}
