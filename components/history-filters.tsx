// The history's search and filters: a plain GET form, so the URL carries every filter (a
// support person can share the link) and it works before any JavaScript has loaded.
import Link from "next/link";
import type { MemberRow } from "@/lib/auth/types";
import { CHARGE_STATUSES } from "@/lib/market/statuses";
import { PROVIDERS } from "@/lib/market/networks";
import { inputClass } from "./ui/field";

const small = inputClass.replace("min-h-11", "min-h-10").replace("text-base", "text-sm");

export function HistoryFiltersForm({
  values,
  members,
}: {
  values: Record<string, string | undefined>;
  members: Pick<MemberRow, "id" | "name">[];
}) {
  const v = (k: string) => values[k] ?? "";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <form> with role="search" is the landmark; <search> would need a form inside it anyway
    <form
      method="get"
      action="/transactions"
      role="search"
      aria-label="Search and filter charges"
      className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm font-medium sm:col-span-2 lg:col-span-4">
          Search
          <input
            name="q"
            type="search"
            defaultValue={v("q")}
            placeholder="Reference (TXN-MOMO-…), phone number, or words in the description"
            className={`${small} mt-1`}
          />
        </label>
        <Select
          name="status"
          label="Status"
          value={v("status")}
          options={CHARGE_STATUSES.map((s) => [s, s[0].toUpperCase() + s.slice(1)])}
        />
        <Select name="network" label="Network" value={v("network")} options={PROVIDERS.map((p) => [p.id, p.label])} />
        <Select name="member" label="Made by" value={v("member")} options={members.map((m) => [m.id, m.name])} />
        <div className="grid grid-cols-2 gap-2">
          <label className="text-sm font-medium">
            Min amount
            <input name="min" inputMode="decimal" defaultValue={v("min")} className={`${small} mt-1`} />
          </label>
          <label className="text-sm font-medium">
            Max amount
            <input name="max" inputMode="decimal" defaultValue={v("max")} className={`${small} mt-1`} />
          </label>
        </div>
        <label className="text-sm font-medium">
          From
          <input name="from" type="date" defaultValue={v("from")} className={`${small} mt-1`} />
        </label>
        <label className="text-sm font-medium">
          To
          <input name="to" type="date" defaultValue={v("to")} className={`${small} mt-1`} />
        </label>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
          Apply
        </button>
        <Link href="/transactions" className="text-sm font-medium text-link underline">
          Clear filters
        </Link>
      </div>
    </form>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} className={`${small} mt-1`}>
        <option value="">Any</option>
        {options.map(([id, text]) => (
          <option key={id} value={id}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
