// GET /audit – the audit log, newest first, filtered by the address's query (owners). A Pages
// Router page that runs no framework JavaScript (docs/decisions/lists-without-runtime.md), as
// /transactions; its gate, frame and view come through lib/audit-log/page-bridge.ts.
import type { GetServerSideProps } from "next";
import { AuditContent } from "@/components/audit/audit-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { auditPages } from "@/lib/audit-log/page-bridge";
import type { AuditPageView } from "@/lib/audit-log/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<AuditPageView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await auditPages.get().log(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function AuditPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Audit log"
      failed={{ title: "The audit log could not be loaded", message: "The database did not answer.", retry: props.url }}
    >
      {props.view ? <AuditContent view={props.view} /> : null}
    </StaffFrame>
  );
}
