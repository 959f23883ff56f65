// GET /customers/import – add many customers from a file (owner, staff): the file is read and
// checked in the browser, and nobody is charged. A Pages Router page that runs no framework
// JavaScript (docs/decisions/forms-as-islands.md): the page is server HTML, and only the file
// reader, its rows and the import are hydrated, as an island
// (components/customers/customers-import.island.tsx); its gate and frame come through
// lib/customers/page-bridge.ts.
import customersImportIsland from "@/components/customers/customers-import.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { PageTitle } from "@/components/ui/card";
import { customersPages } from "@/lib/customers/page-bridge";
import type { CustomersImportView } from "@/lib/customers/types";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";

type Props = IslandProps<CustomersImportView>;

export const getServerSideProps = oneIslandPage(customersImportIsland, (request) => customersPages.get().import(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function ImportCustomersPage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Import customers"
      islands={props.files ?? undefined}
      failed={{
        title: "The import page could not be loaded",
        message: "The database did not answer. Nothing was imported.",
        retry: props.url,
      }}
    >
      <PageTitle description="Add many customers at once from a spreadsheet. Nobody is charged.">Import customers</PageTitle>
      {island ? <IslandSlot island={island} of={customersImportIsland} /> : null}
    </StaffFrame>
  );
}
