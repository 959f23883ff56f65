import type { Metadata } from "next";
import { ChargesTable } from "@/components/charges-table";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";
import { attentionQueue } from "@/lib/charges/service";

export const metadata: Metadata = { title: "Reconcile" };

export default async function ReconcilePage() {
  await requirePage("charge:reconcile", "/reconcile");
  const { charges, pendingMinutes } = await attentionQueue();
  return (
    <>
      <PageTitle
        description={
          `Charges whose outcome is unknown, and charges still pending after ${pendingMinutes} minutes. ` +
          "Open one to check its status with the upstream or resolve it by hand. " +
          "A background sweep re-checks the ones that have a reference."
        }
      >
        Needs attention
      </PageTitle>
      {charges.length ? (
        <ChargesTable charges={charges} />
      ) : (
        <Card>
          <p className="text-ink-muted">Nothing needs attention. Every charge has a settled outcome.</p>
        </Card>
      )}
    </>
  );
}
