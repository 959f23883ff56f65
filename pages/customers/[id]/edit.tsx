// GET /customers/{id}/edit – change a customer (owner, staff; a number the member sees masked is
// the owner's or its adder's to change: 403). A Pages Router page that runs no framework
// JavaScript (docs/decisions/forms-as-islands.md): the page is server HTML, and only its form is
// hydrated, as an island (components/customers/customer-form.island.tsx); its gate, frame and view
// come through lib/customers/page-bridge.ts.
import customerFormIsland from "@/components/customers/customer-form.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { Card, PageTitle } from "@/components/ui/card";
import { customersPages } from "@/lib/customers/page-bridge";
import type { CustomerFormView } from "@/lib/customers/types";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";

type Props = IslandProps<CustomerFormView>;

export const getServerSideProps = oneIslandPage(customerFormIsland, (request, context) =>
  customersPages.get().edit(request, String(context.params?.id ?? "")),
);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function EditCustomerPage(props: Props) {
  const [island] = props.islands;
  const name = props.view?.initial?.name;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title={name ? `Edit ${name}` : "Edit customer"}
      islands={props.files ?? undefined}
      failed={{ title: "The customer could not be loaded", message: "The database did not answer. Nothing was changed.", retry: props.url }}
    >
      <div className="mx-auto max-w-xl">
        <PageTitle>{name ? `Edit ${name}` : "Edit customer"}</PageTitle>
        <Card>{island ? <IslandSlot island={island} of={customerFormIsland} /> : null}</Card>
      </div>
    </StaffFrame>
  );
}
