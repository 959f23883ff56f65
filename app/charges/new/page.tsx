import type { Metadata } from "next";
import { BudgetMeter } from "@/components/budget-meter";
import { ChargeForm } from "@/components/charge-form";
import { Providers } from "@/components/providers";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { upstreamConfig, upstreamMode } from "@/lib/momo/config";
import { upstream } from "@/lib/momo/upstream";

export const metadata: Metadata = { title: "New charge" };

export default async function NewChargePage() {
  await requirePage("charge:create", "/charges/new");
  const budget = await upstream(await getDb()).budget.status();
  // The sandbox's test numbers are listed in TEST mode only: with a live key they mean nothing.
  const testNumbers = upstreamMode() === "test" ? (upstreamConfig().sandbox ? "sandbox" : "upstream") : null;
  return (
    <Providers>
      <div className={`mx-auto max-w-xl ${testNumbers ? "lg:max-w-4xl" : ""}`}>
        <PageTitle description="The customer's wallet is charged once, however many times the button is pressed.">New charge</PageTitle>
        <Card>
          <ChargeForm testNumbers={testNumbers} />
          <BudgetMeter initial={budget} />
        </Card>
      </div>
    </Providers>
  );
}
