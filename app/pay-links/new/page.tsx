import type { Metadata } from "next";
import { RequestForm } from "@/components/payment-requests/request-form";
import { Card, PageTitle } from "@/components/ui/card";
import { getCustomer } from "@/lib/customers/queries";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/http/request";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "New pay link" };

type Params = Record<string, string | string[] | undefined>;

export default async function NewPayLinkPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("request:create", "/pay-links/new");
  // "Request a payment" from a customer's page: the link is made for them.
  const id = (await searchParams).customer;
  const customer = typeof id === "string" && isUuid(id) ? await getCustomer(ctx.db, id) : null;
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle description="The customer opens the link on their phone, enters their number and approves the prompt. You follow each payment here.">
        New pay link
      </PageTitle>
      <Card>
        <RequestForm currencies={env().CURRENCIES} customer={customer ? { id: customer.id, name: customer.name } : null} />
      </Card>
    </div>
  );
}
