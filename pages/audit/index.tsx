// GET /audit – the audit log, newest first, filtered by the address's query (owners); POST: the
// saved views' forms (save, delete), 303 back. A Pages Router page that runs no framework
// JavaScript (docs/decisions/lists-without-runtime.md), as /transactions; its gate, frame and view
// come through lib/audit-log/page-bridge.ts.
import type { GetServerSideProps } from "next";
import { AuditContent } from "@/components/audit/audit-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { auditPages } from "@/lib/audit-log/page-bridge";
import type { AuditPageView } from "@/lib/audit-log/types";
import { formOf, pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<AuditPageView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const { req, res, resolvedUrl } = context;
  // The "Views" bar's forms post here (save, delete): 303 back to the page, or the page with what to fix.
  if (req.method === "POST") {
    const url = `http://${req.headers.host ?? "localhost"}/audit`;
    return staffProps(await auditPages.get().act(pageRequest(context), await formOf(req), url), res, resolvedUrl, "POST");
  }
  return staffProps(await auditPages.get().log(pageRequest(context)), res, resolvedUrl);
};

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
