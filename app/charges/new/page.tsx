import type { Metadata } from "next";
import { BudgetMeter } from "@/components/budget-meter";
import { ChargeForm } from "@/components/charge-form";
import { Providers } from "@/components/providers";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { upstream } from "@/lib/momo/upstream";

export const metadata: Metadata = { title: "New charge" };

export default async function NewChargePage() {
  await requirePage("charge:create", "/charges/new");
  const budget = await upstream(await getDb()).budget.status();
  return (
    <Providers>
      <div className="mx-auto max-w-xl">
        <PageTitle description="The customer's wallet is charged once, however many times the button is pressed.">New charge</PageTitle>
        <Card>
          <ChargeForm />
          <BudgetMeter initial={budget} />
        </Card>
      </div>
    </Providers>
  );
}
