// GET /batches – every bulk batch, newest first, 25 a page. A Pages Router page that runs no
// framework JavaScript (docs/decisions/lists-without-runtime.md), as /transactions; its gate,
// frame and view come through lib/batches/page-bridge.ts. A batch's own page (its live progress)
// and the upload stay on the App Router (app/batches/…).
import type { GetServerSideProps } from "next";
import { BatchesContent } from "@/components/batches/batches-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { batchesPages } from "@/lib/batches/page-bridge";
import type { BatchesListView } from "@/lib/batches/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<BatchesListView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await batchesPages.get().list(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function BatchesPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Bulk charges"
      failed={{ title: "The batches could not be loaded", message: "The database did not answer. Nothing was changed.", retry: props.url }}
    >
      {props.view ? <BatchesContent view={props.view} /> : null}
    </StaffFrame>
  );
}
