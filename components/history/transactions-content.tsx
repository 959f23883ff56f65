// The Transactions page's content (pages/transactions/index.tsx serves it without the framework's
// runtime, in components/layout/staff-frame.tsx): what lib/history/transactions-view.ts decided,
// as server HTML. The filters are a GET form, the presets, pager and page sizes links.
import { CursorNav } from "@/components/ui/cursor-nav";
import { TextLink } from "@/components/ui/link";
import { ChargesTable } from "@/components/history/charges-table";
import { HistoryFiltersForm } from "@/components/history/filters-form";
import { HistoryResults } from "@/components/history/results";
import { Card, PageTitle } from "@/components/ui/card";
import { FilterProblems } from "@/components/ui/filter-problems";
import { ViewsBar } from "@/components/saved-views/views-bar";
import type { TransactionsView } from "@/lib/history/view";

/** Shown under the page's title. */
export const TRANSACTIONS_DESCRIPTION =
  "Every charge in the ledger, newest first. Filters live in the address, so a link shows the same list.";

export function TransactionsContent({ view: v }: { view: TransactionsView }) {
  return (
    <>
      <PageTitle description={TRANSACTIONS_DESCRIPTION}>Transactions</PageTitle>
      <HistoryFiltersForm {...v.form} />
      <ViewsBar bar={v.views} />
      {v.scopes.map((scope) => (
        <ScopeNotice key={scope.testId} {...scope} />
      ))}
      <FilterProblems problems={v.problems} />
      <HistoryResults total={v.page.total} exportAction={v.exportOffer} />
      {v.page.charges.length ? (
        <ChargesTable charges={v.page.charges} customers={v.page.customers} timeZone={v.timeZone} />
      ) : (
        <Card>
          <p className="text-ink-muted">{v.filtered ? "No charges match these filters." : "No charges yet."}</p>
          {!v.filtered && v.canCharge ? (
            <TextLink tap href="/charges/new" className="mt-3">
              Make the first charge
            </TextLink>
          ) : null}
        </Card>
      )}
      <CursorNav back={v.newer} on={v.older}>
        <p className="flex items-center gap-2 text-ink-muted">
          Per page:
          {v.sizes.map(({ n, href }) =>
            href === null ? (
              <span key={n} aria-current="true" className="font-semibold text-ink">
                {n}
              </span>
            ) : (
              // From the newest again, with the same filters.
              <TextLink key={n} tap href={href} className="justify-center">
                <span className="sr-only">Show </span>
                {n}
                <span className="sr-only"> per page</span>
              </TextLink>
            ),
          )}
        </p>
      </CursorNav>
    </>
  );
}

/** The list is one batch's or one pay link's charges: which, a link to it, and a way back to every charge. */
function ScopeNotice({
  testId,
  what,
  href,
  name,
  everyCharge,
}: {
  testId: string;
  what: string;
  href: string;
  name: string;
  everyCharge: string;
}) {
  return (
    <p className="mb-4 rounded-lg border border-line bg-surface px-4 py-3 text-sm" data-testid={testId}>
      {what} <TextLink href={href}>{name}</TextLink>. <TextLink href={everyCharge}>Show every charge</TextLink>
    </p>
  );
}
