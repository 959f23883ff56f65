import type { Metadata } from "next";
import { forbidden, notFound } from "next/navigation";
import { CustomerForm } from "@/components/customers/customer-form";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { customerDetail } from "@/lib/customers/directory";
import { isUuid } from "@/lib/http/request";
import type { ProviderId } from "@/lib/market/networks";

export const metadata: Metadata = { title: "Edit customer" };

export default async function EditCustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requirePage("customer:manage", `/customers/${id}/edit`);
  const found = isUuid(id) ? await customerDetail(ctx, id) : null;
  if (!found) notFound();
  const c = found.customer;
  // Changing a number one may not read would show it: the owner (or who added them) edits.
  if (c.phoneMasked) forbidden();
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle>Edit {c.name}</PageTitle>
      <Card>
        <CustomerForm
          initial={{
            id: c.id,
            name: c.name,
            phoneNumber: c.phoneNumber,
            provider: c.provider as ProviderId,
            reference: c.reference ?? "",
            email: c.email ?? "",
            note: c.note,
          }}
        />
      </Card>
    </div>
  );
}
