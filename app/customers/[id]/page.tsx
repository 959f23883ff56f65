// One customer: their details, totals by status, their charges newest first (the history's
// keyset pages), and "Charge again" with the form filled in.
import type { Metadata } from "next";
import { CursorNav } from "@/components/ui/cursor-nav";
import { ButtonLink, TextLink } from "@/components/ui/link";
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
      <TextLink tap href="/customers" className="mb-3 text-sm">
        ← Customers
      </TextLink>
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
            {can(member.role, "charge:create") ? <ButtonLink href={`/charges/new?customer=${id}`}>Charge again</ButtonLink> : null}
            {can(member.role, "request:create") ? (
              <ButtonLink href={`/pay-links/new?customer=${id}`} variant="secondary">
                Send a pay link
              </ButtonLink>
            ) : null}
            {can(member.role, "customer:manage") && !customer.phoneMasked ? (
              <ButtonLink href={`${here}/edit`} variant="secondary">
                Edit
              </ButtonLink>
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
      <CursorNav back={page.newer && `${here}?before=${page.newer}`} on={page.older && `${here}?after=${page.older}`} />
    </>
  );
}
