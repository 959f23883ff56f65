// The history's search and filters: a plain GET form, so the URL carries every filter (a
// support person can share the link) and it works before any JavaScript has loaded. On phones
// the filters fold behind "Filters (n)" so the list starts on the first screen.
import Link from "next/link";
import type { MemberRow } from "@/lib/team/types";
import { CHARGE_STATUSES } from "@/lib/market/statuses";
import { PROVIDERS } from "@/lib/market/networks";
import { DayInput } from "./ui/day-input";
import { inputClass } from "./ui/field";
import { NarrowDisclosure } from "./ui/narrow-disclosure";

const small = inputClass.replace("min-h-11", "min-h-10").replace("text-base", "text-sm");

/** The fields inside the disclosure: a problem with one of them opens it on phones too. */
const FOLDED = ["status", "network", "member", "min", "max", "from", "to"];

export function HistoryFiltersForm({
  values,
  problems,
  active,
  members,
}: {
  /** What each field shows: the URL's text, or a day as the app writes it. */
  values: Record<string, string | undefined>;
  /** Why a value was not applied, by field. */
  problems: Record<string, string>;
  /** How many of the folded filters apply. */
  active: number;
  members: Pick<MemberRow, "id" | "name">[];
}) {
  const v = (k: string) => values[k] ?? "";
  const invalid = (k: string) => (problems[k] ? true : undefined);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <form> with role="search" is the landmark; <search> would need a form inside it anyway
    <form
      method="get"
      action="/transactions"
      role="search"
      aria-label="Search and filter charges"
      className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      {/* One bulk batch's charges (a link from the batch's page) stay chosen while other filters change. */}
      {values.batch ? <input type="hidden" name="batch" value={values.batch} /> : null}
      <label className="block text-sm font-medium">
        Search
        <input
          name="q"
          type="search"
          defaultValue={v("q")}
          aria-invalid={invalid("q")}
          placeholder="Reference or its start (TXN-MOMO-…), phone number, or words in the description"
          className={`${small} mt-1`}
        />
      </label>
      <NarrowDisclosure summary={`Filters (${active})`} defaultOpen={FOLDED.some((k) => problems[k])} className="mt-3">
        <div className="grid gap-3 pt-3 sm:grid-cols-2 sm:pt-0 lg:grid-cols-4">
          <Select
            name="status"
            label="Status"
            value={v("status")}
            invalid={invalid("status")}
            options={CHARGE_STATUSES.map((s) => [s, s[0].toUpperCase() + s.slice(1)])}
          />
          <Select
            name="network"
            label="Network"
            value={v("network")}
            invalid={invalid("network")}
            options={PROVIDERS.map((p) => [p.id, p.label])}
          />
          <Select
            name="member"
            label="Made by"
            value={v("member")}
            invalid={invalid("member")}
            options={members.map((m) => [m.id, m.name])}
          />
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm font-medium">
              Min amount
              <input name="min" inputMode="decimal" defaultValue={v("min")} aria-invalid={invalid("min")} className={`${small} mt-1`} />
            </label>
            <label className="text-sm font-medium">
              Max amount
              <input name="max" inputMode="decimal" defaultValue={v("max")} aria-invalid={invalid("max")} className={`${small} mt-1`} />
            </label>
          </div>
          <DayInput name="from" label="From" value={v("from")} problem={problems.from} />
          <DayInput name="to" label="To" value={v("to")} problem={problems.to} />
        </div>
      </NarrowDisclosure>
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

function Select({
  name,
  label,
  value,
  invalid,
  options,
}: {
  name: string;
  label: string;
  value: string;
  invalid?: boolean;
  options: [string, string][];
}) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} aria-invalid={invalid} className={`${small} mt-1`}>
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
