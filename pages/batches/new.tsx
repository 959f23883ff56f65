// GET /batches/new – a new bulk batch (owner, staff): the file is read and checked in the browser;
// the batch then waits for an owner's approval. A Pages Router page that runs no framework
// JavaScript (docs/decisions/forms-as-islands.md): the page is server HTML, and only the file
// reader, its rows and the send are hydrated, as an island (components/batches/new-batch.island.tsx);
// its gate, frame and view come through lib/batches/page-bridge.ts.
import newBatchIsland from "@/components/batches/new-batch.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { PageTitle } from "@/components/ui/card";
import { batchesPages } from "@/lib/batches/page-bridge";
import type { NewBatchView } from "@/lib/batches/types";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";

type Props = IslandProps<NewBatchView>;

export const getServerSideProps = oneIslandPage(newBatchIsland, (request) => batchesPages.get().form(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function NewBatchPage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="New bulk charge"
      islands={props.files ?? undefined}
      failed={{
        title: "The bulk charge page could not be loaded",
        message: "The database did not answer. Nothing was sent.",
        retry: props.url,
      }}
    >
      <PageTitle description="Charge many customers from a spreadsheet. An owner approves the batch before anything is sent; each row is charged at most once.">
        New bulk charge
      </PageTitle>
      {island ? <IslandSlot island={island} of={newBatchIsland} /> : null}
    </StaffFrame>
  );
}
