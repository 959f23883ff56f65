import type { Metadata } from "next";
import Link from "next/link";
import { ChargesTable } from "@/components/charges-table";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";
import { can } from "@/lib/auth/roles";
import { recentChargeViews } from "@/lib/charges/service";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage() {
  const member = await requirePage("charge:read", "/transactions");
  const charges = await recentChargeViews(50);
  return (
    <>
      <PageTitle description="The latest 50 charges from the ledger, newest first.">Recent charges</PageTitle>
      {charges.length ? (
        <ChargesTable charges={charges} />
      ) : (
        <Card>
          <p className="text-ink-muted">No charges yet.</p>
          {can(member.role, "charge:create") ? (
            <Link href="/charges/new" className="mt-3 inline-block font-medium text-brand-700 underline">
              Make the first charge
            </Link>
          ) : null}
        </Card>
      )}
    </>
  );
}
