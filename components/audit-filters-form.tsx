// The audit log's filters: a plain GET form, so the URL carries them (a link shows the same
// entries) and it works before any JavaScript has loaded; on phones they fold behind
// "Filters (n)". Beside Apply, the CSV export of exactly this selection.
import Link from "next/link";
import { ExportLink } from "./export-link";
import { DayInput } from "./ui/day-input";
import { inputClass } from "./ui/field";
import { NarrowDisclosure } from "./ui/narrow-disclosure";

const small = inputClass.replace("min-h-11", "min-h-10").replace("text-base", "text-sm");

type Options = [value: string, label: string][];

export function AuditFiltersForm({
  values,
  problems,
  active,
  members,
  actions,
  exportHref,
}: {
  /** What each field shows: the URL's text, or a day as the app writes it. */
  values: Record<string, string | undefined>;
  problems: Record<string, string>;
  /** How many filters apply. */
  active: number;
  members: Options;
  actions: Options;
  /** The export of this selection; null while a filter does not parse (the file would be wider). */
  exportHref: string | null;
}) {
  const v = (k: string) => values[k] ?? "";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <form> with role="search" is the landmark; <search> would need a form inside it anyway
    <form
      method="get"
      action="/audit"
      role="search"
      aria-label="Filter the audit log"
      className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <NarrowDisclosure summary={`Filters (${active})`} defaultOpen={Object.keys(problems).length > 0}>
        <div className="grid gap-3 pt-3 sm:grid-cols-2 sm:pt-0 lg:grid-cols-4">
          <Select name="member" label="Member" value={v("member")} invalid={!!problems.member} options={members} />
          <Select name="action" label="Event" value={v("action")} invalid={!!problems.action} options={actions} />
          <DayInput name="from" label="From" value={v("from")} problem={problems.from} />
          <DayInput name="to" label="To" value={v("to")} problem={problems.to} />
        </div>
      </NarrowDisclosure>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
          Apply
        </button>
        <Link href="/audit" className="text-sm font-medium text-link underline">
          Clear filters
        </Link>
        {exportHref ? (
          <ExportLink href={exportHref} className="ml-auto text-sm font-medium text-link underline" />
        ) : (
          <span className="ml-auto text-sm text-ink-muted">Export CSV is off until every filter is valid</span>
        )}
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
  invalid: boolean;
  options: Options;
}) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} aria-invalid={invalid || undefined} className={`${small} mt-1`}>
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
