// A charge with its result, receipt link, reconcile tools and timeline: the page at
// /transactions/{id}, and at /reconcile/{id} when opened from the queue (with a way back to it).
import "server-only";
import { TextLink } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ChargeResult } from "@/components/charges/charge-result";
import { ChargeTimeline } from "@/components/charges/charge-timeline";
import { ReconcilePanel } from "@/components/reconcile/reconcile-panel";
import { ReversalPanel } from "@/components/reversals/reversal-panel";
import { can } from "@/lib/access/roles";
import type { Asker } from "@/lib/access/types";
import { chargeTimeline, currentChargeView } from "@/lib/charges/views";
import { isInQueue, reconcilePendingMinutes } from "@/lib/reconcile/actions";
import { formatPhone } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { lastResolution } from "@/lib/charges/view";
import { isUuid } from "@/lib/http/request";
import { customerOfCharge } from "@/lib/customers/directory";

export async function ChargeDetail({ id, ctx, back }: { id: string; ctx: Asker; back?: { href: string; label: string } }) {
  const { member } = ctx;
  const charge = isUuid(id) ? await currentChargeView(ctx, id) : null;
  if (!charge) notFound();
  const events = await chargeTimeline(ctx, id);
  // The stored number (not the view's, which may be masked) finds the customer.
  const known = await customerOfCharge(ctx.db, id);
  const open = charge.status === "unknown" || charge.status === "pending";
  const pendingMinutes = reconcilePendingMinutes();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      {back ? (
        <TextLink tap href={back.href} className="text-sm">
          {back.label}
        </TextLink>
      ) : null}
      <ChargeResult
        initial={charge}
        canCharge={can(member.role, "charge:create")}
        canReconcile={can(member.role, "charge:reconcile")}
        technical={can(member.role, "charge:raw")}
        pendingMinutes={pendingMinutes}
        resolution={lastResolution(events)}
      />
      {/* The charge's links, each on its own (they ran together as one line of words). */}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" data-testid="charge-links">
        {known ? (
          <p data-testid="charge-customer-link">
            Customer: <TextLink href={`/customers/${known.id}`}>{known.name}</TextLink>
          </p>
        ) : can(member.role, "customer:manage") && !charge.phoneMasked && !charge.redactedAt ? (
          <TextLink tap href={`/customers/new?charge=${id}`}>
            Save as customer
          </TextLink>
        ) : null}
        {charge.status === "success" ? (
          <TextLink tap href={`/transactions/${id}/receipt`}>
            Printable receipt
          </TextLink>
        ) : null}
      </div>
      {open && can(member.role, "charge:reconcile") ? (
        <ReconcilePanel
          chargeId={id}
          hasReference={!!charge.reference}
          inQueue={isInQueue(charge, pendingMinutes)}
          pendingMinutes={pendingMinutes}
          summary={{ amount: formatMoney(charge.amountMinor, charge.currency), phone: formatPhone(charge.phoneNumber) }}
        />
      ) : null}
      {charge.status === "success" && can(member.role, "charge:reverse") ? (
        <ReversalPanel chargeId={id} currency={charge.currency} amountMinor={charge.amountMinor} reversedMinor={charge.reversedMinor} />
      ) : null}
      <ChargeTimeline events={events} technical={can(member.role, "charge:raw")} />
    </div>
  );
}
