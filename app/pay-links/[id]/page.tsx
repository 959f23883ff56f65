// One pay link: the link to share, where it stands, its payments and every attempt.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { paymentsText, requestAmountText } from "@/lib/payment-requests/shape";
import { AttemptsTable } from "@/components/payment-requests/attempts-table";
import { RequestPanel } from "@/components/payment-requests/request-panel";
import { RequestStatusBadge } from "@/components/payment-requests/request-status-badge";
import { Card, PageTitle } from "@/components/ui/card";
import Link, { TextLink } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { currentBusiness } from "@/lib/business";
import { emailOn } from "@/lib/email/mailer";
import { publicOrigin } from "@/lib/http/origin";
import { isUuid } from "@/lib/http/request";
import { formatMoney } from "@/lib/money";
import { paymentRequestDetail } from "@/lib/payment-requests/requests";
import { shareTarget } from "@/lib/payment-requests/share-email";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "Pay link" };

export default async function PayLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requirePage("request:read", `/pay-links/${id}`);
  const detail = isUuid(id) ? await paymentRequestDetail(ctx, id) : null;
  if (!detail) notFound();
  const { request: r, attempts } = detail;
  const url = `${publicOrigin(await headers())}${r.path}`;
  const [share, { timeZone }] = await Promise.all([shareTarget(ctx, r, url, emailOn()), currentBusiness()]);
  return (
    <>
      <PageTitle
        description={
          <>
            Made by {r.createdBy?.name ?? "a former member"} on <DateTime zone={timeZone} iso={r.createdAt} />
            {r.changedBy && r.changedAt ? (
              <>
                {" "}
                · last {r.status === "cancelled" ? "cancelled" : "changed"} by {r.changedBy.name} on{" "}
                <DateTime zone={timeZone} iso={r.changedAt} />
              </>
            ) : null}
          </>
        }
      >
        {r.description}
      </PageTitle>
      <div className="space-y-6">
        <RequestPanel request={r} url={url} share={share} />
        <Card>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">Details</h2>
            <RequestStatusBadge status={r.status} />
          </div>
          <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="request-details">
            <Item label="Amount">{requestAmountText(r.amount, r.currency)}</Item>
            <Item label="Payments">
              {paymentsText(r)}
              {r.collectedMinor ? ` · ${formatMoney(r.collectedMinor, r.currency)} collected` : ""}
            </Item>
            <Item label="Customer">
              {r.customer ? (
                <Link href={`/customers/${r.customer.id}`} className="text-link underline">
                  {r.customer.name}
                </Link>
              ) : (
                "Anyone with the link"
              )}
            </Item>
            <Item label={r.status === "expired" ? "Expired" : "Expires"}>
              <DateTime zone={timeZone} iso={r.expiresAt} />
            </Item>
            <Item label="Your reference">{r.reference ?? "—"}</Item>
            <Item label="Paid">{r.reusable ? "More than once" : "Once"}</Item>
            {r.metadata && Object.keys(r.metadata).length ? (
              <Item label="Metadata (from your system)">
                <ul data-testid="request-metadata">
                  {Object.entries(r.metadata).map(([k, v]) => (
                    <li key={k} className="break-all">
                      <span className="font-mono text-xs">{k}</span>: {v}
                    </li>
                  ))}
                </ul>
              </Item>
            ) : null}
          </dl>
        </Card>
        <section aria-labelledby="request-attempts" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="request-attempts" className="text-lg font-semibold">
              Attempts to pay
            </h2>
            {attempts.length ? (
              <TextLink href={`/transactions?request=${r.id}`} className="text-sm">
                Filter and export them in Transactions
              </TextLink>
            ) : null}
          </div>
          {attempts.length ? (
            <AttemptsTable attempts={attempts} zone={timeZone} />
          ) : (
            <Card>
              <p className="text-ink-muted">No one has tried to pay yet.</p>
            </Card>
          )}
        </section>
      </div>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
