import type { Metadata } from "next";
import { CursorNav } from "@/components/ui/cursor-nav";
import { TextLink } from "@/components/ui/link";
import { ChargesTable } from "@/components/history/charges-table";
import { HistoryFiltersForm } from "@/components/history/filters-form";
import { HistoryResults, type ExportAction } from "@/components/history/results";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { listMembers } from "@/lib/team/members";
import { can } from "@/lib/access/roles";
import {
  countFilters,
  datePresets,
  filtersToParams,
  FILTER_KEYS,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  pageSizeOf,
  parseHistoryFilters,
} from "@/lib/history/filters";
import { currentBusiness } from "@/lib/business/current";
import { phoneSearchRefusal } from "@/lib/history/phone-search-limit";
import { historyPage } from "@/lib/history/page";
import { batchView } from "@/lib/batches/views";
import { getRequest } from "@/lib/payment-requests/queries";
import { formatDay, todayIn } from "@/lib/day";
import { TRANSACTIONS_DESCRIPTION } from "./copy";

export const metadata: Metadata = { title: "Transactions" };

type Params = Record<string, string | string[] | undefined>;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("charge:read", "/transactions");
  const { member, db } = ctx;
  const params = await searchParams;
  const { timeZone } = await currentBusiness();
  const { filters, problems } = parseHistoryFilters(params, timeZone);
  // A search by number past the hour's limit is dropped like any filter that cannot apply.
  const refused = await phoneSearchRefusal(db, member, filters);
  if (refused) {
    filters.q = undefined;
    problems.q = refused;
  }
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  const size = pageSizeOf(one("size"));
  // The page size is a view of the list: links keep it, the export and the filters' count ignore it.
  const view: Record<string, string> = size === DEFAULT_PAGE_SIZE ? {} : { size: String(size) };
  // The team, for the "made by" filter and the rows' makers alike.
  const team = listMembers(db);
  const [page, members, batch, payLink] = await Promise.all([
    historyPage(ctx, filters, { after: one("after"), before: one("before"), size }, team),
    team,
    filters.batch ? batchView(ctx, filters.batch) : null,
    filters.request ? getRequest(db, filters.request) : null,
  ]);
  const query = filtersToParams(filters);
  const link = (extra: Record<string, string>) =>
    `/transactions?${new URLSearchParams({ ...Object.fromEntries(query), ...view, ...extra })}`;
  const presets = datePresets(todayIn(timeZone)).map((p) => ({
    label: p.label,
    href: link({ from: p.from, to: p.to }),
    current: filters.from === p.from && filters.to === p.to,
  }));
  const filtered = query.size > 0;
  const invalid = Object.keys(problems).length > 0;
  // The fields show what was typed; a day that was read is shown as the app writes days.
  const values: Record<string, string | undefined> = Object.fromEntries(FILTER_KEYS.map((k) => [k, one(k)]));
  if (filters.from) values.from = formatDay(filters.from);
  if (filters.to) values.to = formatDay(filters.to);
  // The file holds exactly the filters the list applies. With a value the list ignores, an
  // export would be wider than what was asked for (the API refuses it), so there is none.
  const exportAction: ExportAction = !can(member.role, "charge:export")
    ? { kind: "none" }
    : invalid
      ? { kind: "off" }
      : { kind: "link", href: `/api/charges/export?${query}` };

  return (
    <>
      <PageTitle description={TRANSACTIONS_DESCRIPTION}>Transactions</PageTitle>
      <HistoryFiltersForm
        values={values}
        problems={problems}
        active={countFilters(filters)}
        members={members}
        presets={presets}
        size={view.size ? size : undefined}
      />
      {filters.batch ? (
        <ScopeNotice
          testId="batch-filter"
          what="The charges of the bulk batch"
          href={`/batches/${filters.batch}`}
          name={batch?.label ?? "(unknown batch)"}
          everyCharge={`/transactions?${withoutKey(query, "batch", view)}`}
        />
      ) : null}
      {filters.request ? (
        <ScopeNotice
          testId="request-filter"
          what="The attempts to pay the pay link"
          href={`/pay-links/${filters.request}`}
          name={payLink?.description ?? "(unknown pay link)"}
          everyCharge={`/transactions?${withoutKey(query, "request", view)}`}
        />
      ) : null}
      {invalid ? (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-status-pending/30 bg-status-pending-bg px-4 py-3 text-sm text-status-pending"
        >
          <p className="font-semibold">Some filters were not applied:</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(problems).map(([k, m]) => (
              <li key={k}>
                {k}: {m}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <HistoryResults total={page.total} exportAction={exportAction} />
      {page.charges.length ? (
        <ChargesTable charges={page.charges} customers={page.customers} timeZone={timeZone} />
      ) : (
        <Card>
          <p className="text-ink-muted">{filtered ? "No charges match these filters." : "No charges yet."}</p>
          {!filtered && can(member.role, "charge:create") ? (
            <TextLink tap href="/charges/new" className="mt-3">
              Make the first charge
            </TextLink>
          ) : null}
        </Card>
      )}
      <CursorNav back={page.newer && link({ before: page.newer })} on={page.older && link({ after: page.older })}>
        <p className="flex items-center gap-2 text-ink-muted">
          Per page:
          {PAGE_SIZES.map((n) =>
            n === size ? (
              <span key={n} aria-current="true" className="font-semibold text-ink">
                {n}
              </span>
            ) : (
              // From the newest again, with the same filters.
              <TextLink key={n} tap href={link({ size: String(n) })} className="justify-center">
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

/** The filters of a link without one of them (the page size kept). */
function withoutKey(query: URLSearchParams, key: string, view: Record<string, string>): URLSearchParams {
  return new URLSearchParams([...[...query].filter(([k]) => k !== key), ...Object.entries(view)]);
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
