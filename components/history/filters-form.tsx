// The history's search and filters (components/ui/filter-form.tsx: a plain GET form, the URL carries
// every filter, so a support person can share the link). On phones the filters fold behind
// "Filters (n)" so the list starts on the first screen.
import Link from "@/components/ui/link";
import type { MemberRow } from "@/lib/team/types";
import { CHARGE_STATUSES, STATUS_LABELS } from "@/lib/market/statuses";
import { PROVIDERS } from "@/lib/market/networks";
import { DayInput } from "@/components/ui/day-input";
import { FilterForm, FilterInput, FilterSelect } from "@/components/ui/filter-form";
import { NarrowDisclosure } from "@/components/ui/narrow-disclosure";

/** The fields inside the disclosure: a problem with one of them opens it on phones too. */
const FOLDED = ["status", "network", "member", "min", "max", "from", "to"];

export function HistoryFiltersForm({
  values,
  problems,
  active,
  members,
  presets,
  size,
}: {
  /** What each field shows: the URL's text, or a day as the app writes it. */
  values: Record<string, string | undefined>;
  /** Why a value was not applied, by field. */
  problems: Record<string, string>;
  /** How many of the folded filters apply. */
  active: number;
  members: Pick<MemberRow, "id" | "name">[];
  /** Day ranges in one click (today, the last 7 and 30 days), each a link keeping the other filters. */
  presets: { label: string; href: string; current: boolean }[];
  /** The page size chosen, kept when the filters change (undefined: the default). */
  size?: number;
}) {
  const v = (k: string) => values[k] ?? "";
  const invalid = (k: string) => !!problems[k];
  return (
    <FilterForm action="/transactions" label="Search and filter charges">
      {/* One bulk batch's or pay link's charges (a link from its page) stay chosen while other filters change. */}
      {values.batch ? <input type="hidden" name="batch" value={values.batch} /> : null}
      {values.request ? <input type="hidden" name="request" value={values.request} /> : null}
      {size ? <input type="hidden" name="size" value={size} /> : null}
      <FilterInput
        className="block text-sm font-medium"
        label="Search"
        name="q"
        type="search"
        defaultValue={v("q")}
        invalid={invalid("q")}
        placeholder="Reference or its start (TXN-MOMO-…), phone number, customer's name, or words in the description"
      />
      <nav aria-label="Date ranges" className="mt-2 flex flex-wrap gap-2 text-sm">
        {presets.map((p) => (
          <Link
            key={p.label}
            href={p.href}
            aria-current={p.current ? "true" : undefined}
            className="inline-flex min-h-11 items-center rounded-full border border-line px-3 font-medium text-ink hover:bg-canvas aria-[current]:border-brand-600 aria-[current]:bg-brand-50 aria-[current]:text-brand-700"
          >
            {p.label}
          </Link>
        ))}
      </nav>
      <NarrowDisclosure summary={`Filters (${active})`} defaultOpen={FOLDED.some((k) => problems[k])} className="mt-3">
        <div className="grid gap-3 pt-3 sm:grid-cols-2 sm:pt-0 lg:grid-cols-4">
          <FilterSelect
            name="status"
            label="Status"
            value={v("status")}
            invalid={invalid("status")}
            options={CHARGE_STATUSES.map((s) => [s, STATUS_LABELS[s]])}
          />
          <FilterSelect
            name="network"
            label="Network"
            value={v("network")}
            invalid={invalid("network")}
            options={PROVIDERS.map((p) => [p.id, p.label])}
          />
          <FilterSelect
            name="member"
            label="Made by"
            value={v("member")}
            invalid={invalid("member")}
            options={members.map((m) => [m.id, m.name])}
          />
          <div className="grid grid-cols-2 gap-2">
            <FilterInput label="Min amount" name="min" inputMode="decimal" defaultValue={v("min")} invalid={invalid("min")} />
            <FilterInput label="Max amount" name="max" inputMode="decimal" defaultValue={v("max")} invalid={invalid("max")} />
          </div>
          <DayInput name="from" label="From" value={v("from")} problem={problems.from} />
          <DayInput name="to" label="To" value={v("to")} problem={problems.to} />
        </div>
      </NarrowDisclosure>
    </FilterForm>
  );
}
