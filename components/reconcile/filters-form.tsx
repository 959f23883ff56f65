// The reconciliation queue's filters (components/ui/filter-form.tsx: a plain GET form, the URL
// carries them). On phones they fold behind "Filters (n)", as the history's do, so the queue
// starts on the first screen.
import { PROVIDERS } from "@/lib/market/networks";
import { FilterForm, type FilterOptions, FilterSelect } from "@/components/ui/filter-form";
import { NarrowDisclosure } from "@/components/ui/narrow-disclosure";

const ORDERS: FilterOptions = [
  ["oldest", "Oldest first"],
  ["newest", "Newest first"],
];

export function QueueFiltersForm({
  values,
  statuses,
  ages,
}: {
  values: Partial<Record<"status" | "network" | "age" | "order", string>>;
  statuses: FilterOptions;
  ages: FilterOptions;
}) {
  // The order is a choice, not a filter: it does not count.
  const active = (["status", "network", "age"] as const).filter((k) => values[k]).length;
  return (
    <FilterForm action="/reconcile" label="Filter the queue">
      <NarrowDisclosure summary={`Filters (${active})`}>
        <div className="grid gap-3 pt-3 sm:grid-cols-2 sm:pt-0 lg:grid-cols-4">
          <FilterSelect name="status" label="Status" value={values.status} any="Pending or unknown" options={statuses} />
          <FilterSelect name="network" label="Network" value={values.network} options={PROVIDERS.map((p) => [p.id, p.label])} />
          <FilterSelect name="age" label="Older than" value={values.age} any="Any age" options={ages} />
          <FilterSelect name="order" label="Order" value={values.order} any={null} options={ORDERS} />
        </div>
      </NarrowDisclosure>
    </FilterForm>
  );
}
