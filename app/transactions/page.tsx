import type { Metadata } from "next";
import Link from "next/link";
import { ChargesTable } from "@/components/charges-table";
import { Card, PageTitle } from "@/components/ui/card";
import { listRecentCharges } from "@/lib/charges/ledger";
import { toChargeView } from "@/lib/charges/view";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage() {
  const charges = (await listRecentCharges(await getDb(), 50)).map(toChargeView);
  return (
    <>
      <PageTitle description="The latest 50 charges from the ledger, newest first.">Recent charges</PageTitle>
      {charges.length ? (
        <ChargesTable charges={charges} />
      ) : (
        <Card>
          <p className="text-ink-muted">No charges yet.</p>
          <Link href="/charges/new" className="mt-3 inline-block font-medium text-brand-700 underline">
            Make the first charge
          </Link>
        </Card>
      )}
    </>
  );
}
