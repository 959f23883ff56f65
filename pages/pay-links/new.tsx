// GET /pay-links/new – a new pay link (owner, staff). A Pages Router page that runs no framework
// JavaScript (docs/decisions/forms-as-islands.md): the page is server HTML, and only its form is
// hydrated, as an island (components/payment-requests/new-pay-link.island.tsx); its gate, frame
// and view come through lib/payment-requests/page-bridge.ts.
import newPayLinkIsland from "@/components/payment-requests/new-pay-link.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { Card, PageTitle } from "@/components/ui/card";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";
import { payLinksPages } from "@/lib/payment-requests/page-bridge";
import type { NewPayLinkView } from "@/lib/payment-requests/types";

type Props = IslandProps<NewPayLinkView>;

export const getServerSideProps = oneIslandPage(newPayLinkIsland, (request) => payLinksPages.get().form(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function NewPayLinkPage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="New pay link"
      islands={props.files ?? undefined}
      failed={{
        title: "The pay link form could not be loaded",
        message: "The database did not answer. Nothing was made.",
        retry: props.url,
      }}
    >
      <div className="mx-auto max-w-xl">
        <PageTitle description="The customer opens the link on their phone, enters their number and approves the prompt. You follow each payment here.">
          New pay link
        </PageTitle>
        <Card>{island ? <IslandSlot island={island} of={newPayLinkIsland} /> : null}</Card>
      </div>
    </StaffFrame>
  );
}
