// GET /pay-links – every pay link, newest first, 25 a page. A Pages Router page that runs no
// framework JavaScript (docs/decisions/lists-without-runtime.md), as /transactions; its gate,
// frame and view come through lib/payment-requests/page-bridge.ts. A link's own page and the form
// stay on the App Router (app/pay-links/…).
import type { GetServerSideProps } from "next";
import { PayLinksContent } from "@/components/payment-requests/pay-links-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { payLinksPages } from "@/lib/payment-requests/page-bridge";
import type { PayLinksView } from "@/lib/payment-requests/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<PayLinksView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await payLinksPages.get().list(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function PayLinksPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Pay links"
      failed={{
        title: "The pay links could not be loaded",
        message: "The database did not answer. Nothing was changed.",
        retry: props.url,
      }}
    >
      {props.view ? <PayLinksContent view={props.view} /> : null}
    </StaffFrame>
  );
}
