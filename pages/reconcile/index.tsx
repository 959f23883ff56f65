// GET /reconcile – the charges whose outcome needs a person: unknown, or pending past its minutes,
// filtered by the address's query; POST: the saved views' forms (save, delete), 303 back. A Pages
// Router page that runs no framework JavaScript (docs/decisions/lists-without-runtime.md), as
// /transactions; its gate, frame and view come through lib/reconcile/page-bridge.ts. A charge
// opened from it (/reconcile/{id}: check, resolve) stays on the App Router.
import type { GetServerSideProps } from "next";
import { QueueContent } from "@/components/reconcile/queue-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { reconcilePages } from "@/lib/reconcile/page-bridge";
import type { QueueView } from "@/lib/reconcile/types";
import { formOf, pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<QueueView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const { req, res, resolvedUrl } = context;
  // The "Views" bar's forms post here (save, delete): 303 back to the page, or the page with what to fix.
  if (req.method === "POST") {
    const url = `http://${req.headers.host ?? "localhost"}/reconcile`;
    return staffProps(await reconcilePages.get().act(pageRequest(context), await formOf(req), url), res, resolvedUrl, "POST");
  }
  return staffProps(await reconcilePages.get().queue(pageRequest(context)), res, resolvedUrl);
};

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function ReconcilePage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Reconcile"
      failed={{ title: "The queue could not be loaded", message: "The ledger did not answer. Nothing was changed.", retry: props.url }}
    >
      {props.view ? <QueueContent view={props.view} /> : null}
    </StaffFrame>
  );
}
