// The audit log's filters (components/ui/filter-form.tsx: a plain GET form, the URL carries them);
// on phones they fold behind "Filters (n)". Beside Apply, the CSV export of exactly this selection.
import { ExportLink } from "@/components/history/export-link";
import { textLinkClass } from "@/components/ui/link-class";
import { DayInput } from "@/components/ui/day-input";
import { FilterForm, type FilterOptions, FilterSelect } from "@/components/ui/filter-form";
import { NarrowDisclosure } from "@/components/ui/narrow-disclosure";

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
  members: FilterOptions;
  actions: FilterOptions;
  /** The export of this selection; null while a filter does not parse (the file would be wider). */
  exportHref: string | null;
}) {
  const v = (k: string) => values[k] ?? "";
  return (
    <FilterForm
      action="/audit"
      label="Filter the audit log"
      aside={
        exportHref ? (
          <ExportLink href={exportHref} className={textLinkClass({ tap: true, className: "ml-auto text-sm" })} />
        ) : (
          <span className="ml-auto text-sm text-ink-muted">Export CSV is off until every filter is valid</span>
        )
      }
    >
      {/* One batch's charges (a link from its row): kept when the other filters change. */}
      {values.batch ? <input type="hidden" name="batch" value={values.batch} /> : null}
      <NarrowDisclosure summary={`Filters (${active})`} defaultOpen={Object.keys(problems).length > 0}>
        <div className="grid gap-3 pt-3 sm:grid-cols-2 sm:pt-0 lg:grid-cols-4">
          <FilterSelect name="member" label="Member" value={v("member")} invalid={!!problems.member} options={members} />
          <FilterSelect name="action" label="Event" value={v("action")} invalid={!!problems.action} options={actions} />
          <DayInput name="from" label="From" value={v("from")} problem={problems.from} />
          <DayInput name="to" label="To" value={v("to")} problem={problems.to} />
        </div>
      </NarrowDisclosure>
    </FilterForm>
  );
}
