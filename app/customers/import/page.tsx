import type { Metadata } from "next";
import { CustomersImport } from "@/components/customers/customers-import";
import { PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "Import customers" };

export default async function ImportCustomersPage() {
  await requirePage("customer:manage", "/customers/import");
  return (
    <>
      <PageTitle description="Add many customers at once from a spreadsheet. Nobody is charged.">Import customers</PageTitle>
      <CustomersImport />
    </>
  );
}
