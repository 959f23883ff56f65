// One customer: their details, totals by status, their charges newest first (the history's
// keyset pages), and "Charge again" with the form filled in.
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ChargesTable } from "@/components/history/charges-table";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { can } from "@/lib/access/roles";
import { historyPage } from "@/lib/history/page";
import { currentBusiness } from "@/lib/business/current";
import { customerDetail } from "@/lib/customers/directory";
import { isUuid } from "@/lib/http/request";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { STATUS_LABELS } from "@/lib/market/statuses";
import { formatMoney } from "@/lib/money";

export const metadata: Metadata = { title: "Customer" };

type Params = Record<string, string | string[] | undefined>;

export default async function CustomerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Params> }) {
  const { id } = await params;
  const ctx = await requirePage("customer:read", `/customers/${id}`);
  const { member } = ctx;
  const found = isUuid(id) ? await customerDetail(ctx, id) : null;
  if (!found) notFound();
  const { customer, totals, phoneNumber } = found;
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" ? (sp[k] as string) : undefined);
  const page = await historyPage(ctx, { q: phoneNumber }, { after: one("after"), before: one("before") });
  const last = page.charges[0] && !one("after") && !one("before") ? page.charges[0] : null;
  const here = `/customers/${id}`;
  return (
    <>
      <Link href="/customers" className="tap mb-3 text-sm font-medium text-link underline">
        ← Customers
      </Link>
      <PageTitle description={customer.reference ? `Reference ${customer.reference}` : undefined}>{customer.name}</PageTitle>
      <div className="grid gap-4 lg:grid-cols-[1fr_1fr]">
        <Card>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-ink-muted">Number</dt>
              <dd className="font-medium tabular-nums" data-testid="customer-phone">
                {formatPhone(customer.phoneNumber)}
              </dd>
            </div>
            <div>
              <dt className="text-ink-muted">Network</dt>
              <dd className="font-medium">{providerLabel(customer.provider)}</dd>
            </div>
            {customer.hasEmail ? (
              <div className="min-w-0">
                <dt className="text-ink-muted">Email</dt>
                <dd className="font-medium break-words" data-testid="customer-email">
                  {customer.email ?? "On file (shown to an owner or who added them)"}
                </dd>
              </div>
            ) : null}
            {customer.note ? (
              <div className="sm:col-span-2">
                <dt className="text-ink-muted">Note</dt>
                <dd className="whitespace-pre-line">{customer.note}</dd>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <dt className="text-ink-muted">Last charge</dt>
              <dd data-testid="customer-last-charge">
                {last ? `${formatMoney(last.amountMinor, last.currency)} · ${STATUS_LABELS[last.status]}` : "None yet"}
              </dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {can(member.role, "charge:create") ? (
              <Link
                href={`/charges/new?customer=${id}`}
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Charge again
              </Link>
            ) : null}
            {can(member.role, "request:create") ? (
              <Link
                href={`/pay-links/new?customer=${id}`}
                className="inline-flex min-h-11 items-center rounded-lg border border-line px-4 text-sm font-semibold"
              >
                Send a pay link
              </Link>
            ) : null}
            {can(member.role, "customer:manage") && !customer.phoneMasked ? (
              <Link
                href={`${here}/edit`}
                className="inline-flex min-h-11 items-center rounded-lg border border-line px-4 text-sm font-semibold"
              >
                Edit
              </Link>
            ) : null}
          </div>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">Totals</h2>
          {totals.length ? (
            <table className="mt-2 w-full text-sm" data-testid="customer-totals">
              <caption className="sr-only">Charges by status</caption>
              <thead className="text-left text-xs uppercase text-ink-muted">
                <tr>
                  <th className="py-1">Status</th>
                  <th className="py-1 text-right">Charges</th>
                  <th className="py-1 text-right">Amount</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((t) => (
                  <tr key={`${t.status}-${t.currency}`} className="border-t border-line">
                    <td className="py-1">{STATUS_LABELS[t.status]}</td>
                    <td className="py-1 text-right tabular-nums">{t.count}</td>
                    <td className="py-1 text-right tabular-nums">{formatMoney(t.minor, t.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-2 text-sm text-ink-muted">No charges yet.</p>
          )}
        </Card>
      </div>
      <h2 className="mt-6 mb-2 text-lg font-semibold">Charges</h2>
      {page.charges.length ? (
        <ChargesTable
          charges={page.charges}
          caption={`${customer.name}'s charges, newest first`}
          timeZone={(await currentBusiness()).timeZone}
        />
      ) : (
        <Card>
          <p className="text-ink-muted">No charges to this number yet.</p>
        </Card>
      )}
      <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
        {page.newer ? (
          <Link href={`${here}?before=${page.newer}`} className="tap font-medium text-link underline">
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        {page.older ? (
          <Link href={`${here}?after=${page.older}`} className="tap font-medium text-link underline">
            Older →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}
