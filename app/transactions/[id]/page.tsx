import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ChargeResult } from "@/components/charge-result";
import { ChargeTimeline } from "@/components/charge-timeline";
import { Providers } from "@/components/providers";
import { ReconcilePanel } from "@/components/reconcile-panel";
import { requirePage } from "@/lib/auth/guards";
import { can } from "@/lib/auth/roles";
import { chargeTimeline, currentChargeView, reconcilePendingMinutes } from "@/lib/charges/service";
import { lastResolution } from "@/lib/charges/view";
import { isUuid } from "@/lib/http/request";

export const metadata: Metadata = { title: "Charge" };

export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const member = await requirePage("charge:read", `/transactions/${id}`);
  const charge = isUuid(id) ? await currentChargeView(id) : null;
  if (!charge) notFound();
  const events = await chargeTimeline(id, can(member.role, "charge:raw"));
  const open = charge.status === "unknown" || charge.status === "pending";
  return (
    <Providers>
      <div className="mx-auto max-w-xl space-y-4">
        <ChargeResult
          initial={charge}
          canCharge={can(member.role, "charge:create")}
          canReconcile={can(member.role, "charge:reconcile")}
          pendingMinutes={reconcilePendingMinutes()}
          resolution={lastResolution(events)}
        />
        {charge.status === "success" ? (
          <Link href={`/transactions/${id}/receipt`} className="inline-block text-sm font-medium text-link underline">
            Printable receipt
          </Link>
        ) : null}
        {open && can(member.role, "charge:reconcile") ? <ReconcilePanel chargeId={id} hasReference={!!charge.reference} /> : null}
        <ChargeTimeline events={events} />
      </div>
    </Providers>
  );
}
