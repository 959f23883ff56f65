import type { Metadata } from "next";
import { CustomerForm } from "@/components/customers/customer-form";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { currentChargeView } from "@/lib/charges/views";
import { isUuid } from "@/lib/http/request";
import type { ProviderId } from "@/lib/market/networks";

export const metadata: Metadata = { title: "Add customer" };

type Params = Record<string, string | string[] | undefined>;

export default async function NewCustomerPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("customer:manage", "/customers/new");
  // "Save as customer" from a charge: its number and network, when this member may see the number.
  const chargeId = (await searchParams).charge;
  const charge = typeof chargeId === "string" && isUuid(chargeId) ? await currentChargeView(ctx, chargeId) : null;
  const prefill =
    charge && !charge.phoneMasked && !charge.redactedAt
      ? { phoneNumber: charge.phoneNumber, provider: charge.provider as ProviderId }
      : undefined;
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle description="One customer per number: charge them again from their page.">Add customer</PageTitle>
      <Card>
        <CustomerForm prefill={prefill} />
      </Card>
    </div>
  );
}
