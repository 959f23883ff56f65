import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BusinessLogo } from "@/components/business-logo";
import { PrintButton } from "@/components/print-button";
import { requirePage } from "@/lib/auth/guards";
import { currentBusiness } from "@/lib/business/current";
import { currentChargeView } from "@/lib/charges/service";
import { formatDateTime, providerLabel } from "@/lib/format";
import { isUuid } from "@/lib/http/request";
import { formatMoney } from "@/lib/money";
import { formatPhone } from "@/lib/market/networks";

export const metadata: Metadata = { title: "Receipt" };

// A receipt exists only for money that moved: a successful charge.
export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePage("charge:read", `/transactions/${id}/receipt`);
  const charge = isUuid(id) ? await currentChargeView(id) : null;
  if (charge?.status !== "success") notFound();
  const business = await currentBusiness();
  const rows: [string, string][] = [
    ["Amount paid", formatMoney(charge.amountMinor, charge.currency)],
    ["Paid from", `${formatPhone(charge.phoneNumber)} · ${providerLabel(charge.provider)}`],
    ["Reference", charge.reference ?? "—"],
    ["Date", `${formatDateTime(charge.settledAt ?? charge.createdAt, business.timeZone)} (${business.timeZone})`],
    ["For", charge.description || "—"],
    ["Receipt no.", charge.id],
  ];
  return (
    <article
      className="mx-auto max-w-md rounded-card border border-line bg-white p-8 shadow-card print:border-0 print:shadow-none"
      aria-labelledby="receipt-title"
    >
      <div className="flex items-center gap-3" data-testid="receipt-business">
        {business.logoUrl ? <BusinessLogo src={business.logoUrl} alt="" className="h-10 max-w-32" /> : null}
        <p className="text-sm font-semibold text-link">{business.name || "Momo Dashboard"}</p>
      </div>
      <h1 id="receipt-title" className="mt-2 text-2xl font-semibold">
        Payment receipt
      </h1>
      <p className="mt-1 text-sm text-ink-muted">Mobile money payment received.</p>
      <dl className="mt-6 divide-y divide-line text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 py-2">
            <dt className="text-ink-muted">{k}</dt>
            <dd className="text-right font-medium break-all">{v}</dd>
          </div>
        ))}
      </dl>
      <PrintButton />
    </article>
  );
}
