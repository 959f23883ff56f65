// The search results page's content (pages/search.tsx serves it without the framework's runtime):
// the box again, then each kind of match in the table its own list uses, a few of each, with the
// way to the whole list where there is one. Every number is as lib/search/results.ts made it for
// the member (masked as their role requires).
import { BatchesTable } from "@/components/batches/batches-table";
import { CustomersTable } from "@/components/customers/customers-table";
import { ChargesTable } from "@/components/history/charges-table";
import { RequestsTable } from "@/components/payment-requests/requests-table";
import { buttonClass } from "@/components/ui/button-class";
import { textLinkClass } from "@/components/ui/link-class";
import { SEARCH_MAX } from "@/lib/search/schema";
import type { SearchView } from "@/lib/search/types";

export function SearchContent({ view: v }: { view: SearchView }) {
  const searched = !!v.q && !v.problem;
  const found = v.charges.rows.length + v.customers.rows.length + v.payLinks.length + v.batches.length;
  return (
    <div className="space-y-6 text-ink" data-testid="search-results">
      <h1 className="text-2xl font-semibold tracking-tight">Search</h1>
      <search>
        <form action="/search" method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 grow">
            <label htmlFor="search-page-q" className="block text-sm font-medium">
              A reference, a phone number, a customer's name, a pay link or a batch
            </label>
            <input
              id="search-page-q"
              name="q"
              type="search"
              defaultValue={v.q}
              maxLength={SEARCH_MAX}
              autoComplete="off"
              aria-invalid={v.problem ? true : undefined}
              aria-describedby={v.problem ? "search-problem" : undefined}
              className="mt-1 block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink"
            />
          </div>
          <button type="submit" className={buttonClass()}>
            Search
          </button>
        </form>
      </search>
      {v.problem ? (
        <p id="search-problem" role="alert" className="text-sm text-status-failed" data-testid="search-problem">
          {v.problem}
        </p>
      ) : null}
      {searched ? (
        <p className="text-sm text-ink-muted" role="status" data-testid="search-summary">
          {found ? `Found for “${v.q}”:` : `Nothing matches “${v.q}”.`}
        </p>
      ) : null}
      {searched && v.charges.note ? (
        <p className="text-sm text-ink-muted" data-testid="search-charges-note">
          Charges: {v.charges.note}.
        </p>
      ) : null}
      {v.charges.rows.length ? (
        <Group title="Charges" all={v.charges.all} testId="search-charges">
          <ChargesTable
            charges={v.charges.rows}
            customers={v.charges.customers}
            timeZone={v.timeZone}
            caption={`Charges matching “${v.q}”, newest first`}
          />
        </Group>
      ) : null}
      {v.customers.rows.length ? (
        <Group title="Customers" all={v.customers.all} testId="search-customers">
          <CustomersTable customers={v.customers.rows} />
        </Group>
      ) : null}
      {v.payLinks.length ? (
        <Group title="Pay links" all={null} testId="search-pay-links">
          <RequestsTable requests={v.payLinks} zone={v.timeZone} />
        </Group>
      ) : null}
      {v.batches.length ? (
        <Group title="Bulk batches" all={null} testId="search-batches">
          <BatchesTable batches={v.batches} zone={v.timeZone} />
        </Group>
      ) : null}
    </div>
  );
}

function Group({ title, all, testId, children }: { title: string; all: string | null; testId: string; children: React.ReactNode }) {
  const id = `${testId}-title`;
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {all ? (
          <a href={all} className={textLinkClass({ tap: true, className: "text-sm" })}>
            See them all
          </a>
        ) : null}
      </div>
      {children}
    </section>
  );
}
