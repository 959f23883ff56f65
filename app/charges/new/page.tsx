import type { Metadata } from "next";
import { ChargeForm } from "@/components/charge-form";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "New charge" };

export default async function NewChargePage() {
  await requirePage("charge:create", "/charges/new");
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle description="The customer's wallet is charged once, however many times the button is pressed.">New charge</PageTitle>
      <Card>
        <ChargeForm />
      </Card>
    </div>
  );
}
