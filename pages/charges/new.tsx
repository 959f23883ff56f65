// GET /charges/new – the charge form (owner, staff). A Pages Router page that runs no framework
// JavaScript (docs/decisions/forms-as-islands.md): the page is server HTML, and only its form
// and the budget under it are hydrated, as an island (components/charges/new-charge.island.tsx); its
// gate, frame and view come through lib/charges/page-bridge.ts.
import newChargeIsland from "@/components/charges/new-charge.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { Card, PageTitle } from "@/components/ui/card";
import { chargesPages } from "@/lib/charges/page-bridge";
import type { NewChargeView } from "@/lib/charges/types";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";

type Props = IslandProps<NewChargeView>;

export const getServerSideProps = oneIslandPage(newChargeIsland, (request) => chargesPages.get().form(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function NewChargePage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="New charge"
      islands={props.files ?? undefined}
      failed={{
        title: "The charge form could not be loaded",
        message: "The database did not answer. Nothing was charged.",
        retry: props.url,
      }}
    >
      <div className={`mx-auto max-w-xl ${props.view?.testNumbers ? "lg:max-w-4xl" : ""}`}>
        <PageTitle description="The customer's wallet is charged once, however many times the button is pressed.">New charge</PageTitle>
        <Card>{island ? <IslandSlot island={island} of={newChargeIsland} /> : null}</Card>
      </div>
    </StaffFrame>
  );
}
