// The reconciliation queue's filters: a plain GET form, so the URL carries them (a link shows
// the same queue) and it works before any JavaScript has loaded.
import Link from "next/link";
import { PROVIDERS } from "@/lib/market/networks";
import { inputClass } from "./ui/field";

const small = inputClass.replace("min-h-11", "min-h-10").replace("text-base", "text-sm");

type Options = [value: string, label: string][];

export function QueueFiltersForm({
  values,
  statuses,
  ages,
}: {
  values: Partial<Record<"status" | "network" | "age" | "order", string>>;
  statuses: Options;
  ages: Options;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <form> with role="search" is the landmark; <search> would need a form inside it anyway
    <form
      method="get"
      action="/reconcile"
      role="search"
      aria-label="Filter the queue"
      className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select name="status" label="Status" value={values.status} any="Pending or unknown" options={statuses} />
        <Select name="network" label="Network" value={values.network} any="Any" options={PROVIDERS.map((p) => [p.id, p.label])} />
        <Select name="age" label="Older than" value={values.age} any="Any age" options={ages} />
        <Select
          name="order"
          label="Order"
          value={values.order}
          options={[
            ["oldest", "Oldest first"],
            ["newest", "Newest first"],
          ]}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
          Apply
        </button>
        <Link href="/reconcile" className="text-sm font-medium text-link underline">
          Clear filters
        </Link>
      </div>
    </form>
  );
}

function Select({ name, label, value, any, options }: { name: string; label: string; value?: string; any?: string; options: Options }) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className={`${small} mt-1`}>
        {any ? <option value="">{any}</option> : null}
        {options.map(([id, text]) => (
          <option key={id} value={id}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
