// The customers directory: search by name, reference or number (in the URL; a number's start finds
// only numbers the member sees whole), 25 a page by name; numbers masked for a member who may not
// see them whole.
import type { Metadata } from "next";
import { CursorNav } from "@/components/ui/cursor-nav";
import { ButtonLink } from "@/components/ui/link";
import { CustomersTable } from "@/components/customers/customers-table";
import { Card, PageTitle } from "@/components/ui/card";
import { inputClass } from "@/components/ui/field";
import { requirePage } from "@/lib/session/guards";
import { can } from "@/lib/access/roles";
import { decodeCustomerCursor, encodeCustomerCursor } from "@/lib/customers/cursor";
import { directoryPage } from "@/lib/customers/directory";
import { isPlainLine } from "@/lib/text";

export const metadata: Metadata = { title: "Customers" };

type Params = Record<string, string | string[] | undefined>;

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("customer:read", "/customers");
  const { member } = ctx;
  const params = await searchParams;
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  const typed = one("q")?.trim() ?? "";
  const q = typed && typed.length <= 100 && isPlainLine(typed) ? typed : undefined;
  const page = await directoryPage(ctx, q, decodeCustomerCursor(one("after")));
  const next = page.next ? `/customers?${new URLSearchParams({ ...(q ? { q } : {}), after: encodeCustomerCursor(page.next) })}` : null;
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
              defaultValue={typed}
              placeholder="Name, reference or number"
              className={inputClass}
              maxLength={100}
            />
            <button type="submit" className="min-h-11 rounded-lg border border-line bg-surface px-4 text-sm font-semibold">
              Search
            </button>
          </form>
        </search>
        {can(member.role, "customer:manage") ? (
          <div className="flex gap-2">
            <ButtonLink href="/customers/import" variant="secondary">
              Import from CSV
            </ButtonLink>
            <ButtonLink href="/customers/new">Add customer</ButtonLink>
          </div>
        ) : null}
      </div>
      {typed && !q ? (
        <p role="alert" className="mb-4 text-sm text-status-failed">
          Search for at most 100 plain characters.
        </p>
      ) : null}
      {page.customers.length ? (
        <CustomersTable customers={page.customers} />
      ) : (
        <Card>
          <p className="text-ink-muted">{q ? "No customer matches this search." : "No customers yet."}</p>
        </Card>
      )}
      <CursorNav on={next} onLabel="Next →" />
    </>
  );
}
