// The Customers page's content (pages/customers/index.tsx serves it without the framework's
// runtime, in components/layout/staff-frame.tsx): what lib/customers/directory-view.ts decided, as
// server HTML. The search is a GET form, the next page a link.
import { CursorNav } from "@/components/ui/cursor-nav";
import { ButtonLink } from "@/components/ui/link";
import { CustomersTable } from "@/components/customers/customers-table";
import { Card, PageTitle } from "@/components/ui/card";
import { inputClass } from "@/components/ui/field";
import type { CustomersView } from "@/lib/customers/types";

export function CustomersContent({ view: v }: { view: CustomersView }) {
  return (
    <>
      <PageTitle description="The people you charge again and again. Charge one from their page.">Customers</PageTitle>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <search className="w-full max-w-md">
          <form action="/customers" className="flex gap-2">
            <label htmlFor="customer-search" className="sr-only">
              Search customers
            </label>
            <input
              id="customer-search"
              name="q"
              type="search"
              defaultValue={v.typed}
              placeholder="Name, reference or number"
              className={inputClass}
              maxLength={100}
            />
            <button type="submit" className="min-h-11 rounded-lg border border-line bg-surface px-4 text-sm font-semibold">
              Search
            </button>
          </form>
        </search>
        {v.canManage ? (
          <div className="flex gap-2">
            <ButtonLink href="/customers/import" variant="secondary">
              Import from CSV
            </ButtonLink>
            <ButtonLink href="/customers/new">Add customer</ButtonLink>
          </div>
        ) : null}
      </div>
      {v.refused ? (
        <p role="alert" className="mb-4 text-sm text-status-failed">
          Search for at most 100 plain characters.
        </p>
      ) : null}
      {v.customers.length ? (
        <CustomersTable customers={v.customers} />
      ) : (
        <Card>
          <p className="text-ink-muted">{v.searched ? "No customer matches this search." : "No customers yet."}</p>
        </Card>
      )}
      <CursorNav on={v.next} onLabel="Next →" />
    </>
  );
}
