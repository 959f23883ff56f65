import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { BusinessLogo } from "@/components/business/business-logo";
import { PrintButton } from "@/components/charges/print-button";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { currentBusiness } from "@/lib/business/current";
import { currentChargeView } from "@/lib/charges/views";
import type { ChargeView } from "@/lib/charges/view";
import { EMPTY_VALUE, formatDateTime } from "@/lib/format";
import { isUuid } from "@/lib/http/request";
import { formatMoney } from "@/lib/money";
import { formatPhone, providerLabel } from "@/lib/market/networks";

export const metadata: Metadata = { title: "Receipt" };

const WHY_NO_RECEIPT: Record<Exclude<ChargeView["status"], "success">, string> = {
  submitting: "This charge is still being sent; its receipt appears here once it succeeds.",
  pending: "This charge is still pending; its receipt appears here once it succeeds.",
  unknown: "This charge's outcome is unknown; if it is settled as successful, its receipt appears here.",
  failed: "This charge failed, so no money was received for it.",
};

// A receipt exists only for money that moved: a successful charge. An id that names no charge
// is a 404 (the segment's layout). A charge that did not succeed answers 200 with a page saying
// why there is no receipt: the address is right and the charge is real, and a pending one gets
// its receipt at this very address once it succeeds. It is also the only answer possible here:
// whether it succeeded is known after the upstream lookup, which runs behind the loading state.
export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requirePage("charge:read", `/transactions/${id}/receipt`);
  const charge = isUuid(id) ? await currentChargeView(ctx, id) : null;
  if (!charge) notFound();
  if (charge.status !== "success") {
    return (
      <Card className="mx-auto max-w-md">
        <PageTitle description={`Receipts exist only for successful charges. ${WHY_NO_RECEIPT[charge.status]}`}>
          No receipt for this charge
        </PageTitle>
        <TextLink href={`/transactions/${id}`}>Open the charge</TextLink>
      </Card>
    );
  }
  const business = await currentBusiness();
  const rows: [string, string, string?][] = [
    ["Amount paid", formatMoney(charge.amountMinor, charge.currency)],
    // A receipt printed after a reversal says so: the customer holds it as proof.
    ...(charge.reversedMinor > 0
      ? ([
          [
            "Given back",
            `${formatMoney(charge.reversedMinor, charge.currency)} (${charge.reversedMinor >= charge.amountMinor ? "reversed in full" : "partly reversed"})`,
          ],
        ] as [string, string][])
      : []),
    ["Paid from", `${formatPhone(charge.phoneNumber)} · ${providerLabel(charge.provider)}`],
    ["Reference", charge.reference ?? EMPTY_VALUE, "font-mono text-xs"],
    ["Date", `${formatDateTime(charge.settledAt ?? charge.createdAt, business.timeZone)} (${business.timeZone})`],
    ["For", charge.description || EMPTY_VALUE],
    // A uuid is one word of 36 characters: in a small monospace it fits a phone's line whole.
    ["Receipt no.", charge.id, "font-mono text-xs"],
  ];
  return (
    <Card as="article" flush className="mx-auto max-w-md p-5 sm:p-8 print:border-0 print:shadow-none" aria-labelledby="receipt-title">
      <div className="flex items-center gap-3" data-testid="receipt-business">
        {business.logoUrl ? <BusinessLogo src={business.logoUrl} alt="" className="h-10 max-w-32" /> : null}
        <p className="text-sm font-semibold text-link">{business.name || "Momo Dashboard"}</p>
      </div>
      <h1 id="receipt-title" className="mt-2 text-2xl font-semibold">
        Payment receipt
      </h1>
      <p className="mt-1 text-sm text-ink-muted">Mobile money payment received.</p>
      {/* On a phone each value sits under its label, with the card's whole width: words wrap
          whole there, and only a word longer than the line (a long description) is broken. */}
      <dl className="mt-6 divide-y divide-line text-sm">
        {rows.map(([k, v, style]) => (
          <div key={k} className="py-2 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
            <dt className="shrink-0 text-ink-muted">{k}</dt>
            <dd className={`mt-0.5 min-w-0 font-medium wrap-break-word sm:mt-0 sm:text-right ${style ?? ""}`}>{v}</dd>
          </div>
        ))}
      </dl>
      <PrintButton />
    </Card>
  );
}
