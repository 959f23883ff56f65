// GET /insights – a period's figures and charts (owners and support). A Pages Router page that runs
// no framework JavaScript (docs/decisions/lists-without-runtime.md), as /transactions: the charts
// are SVG drawn on the server; its gate, frame and view come through lib/insights/page-bridge.ts.
import type { GetServerSideProps } from "next";
import { InsightsContent } from "@/components/insights/insights-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { insightsPages } from "@/lib/insights/page-bridge";
import type { InsightsPageView } from "@/lib/insights/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<InsightsPageView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await insightsPages.get().report(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function InsightsPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Insights"
      failed={{ title: "The insights could not be loaded", message: "The ledger did not answer. Nothing was changed.", retry: props.url }}
    >
      {props.view ? <InsightsContent view={props.view} /> : null}
    </StaffFrame>
  );
}
