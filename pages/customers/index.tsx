// GET /customers – the customers directory: search by name, reference or number (in the URL), 25 a
// page by name, numbers masked for a member who may not see them whole. A Pages Router page that
// runs no framework JavaScript (docs/decisions/lists-without-runtime.md), as /transactions; its
// gate, frame and view come through lib/customers/page-bridge.ts. A customer's own pages, the
// import and the form stay on the App Router (app/customers/…).
import type { GetServerSideProps } from "next";
import { CustomersContent } from "@/components/customers/customers-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { customersPages } from "@/lib/customers/page-bridge";
import type { CustomersView } from "@/lib/customers/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<CustomersView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await customersPages.get().directory(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function CustomersPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Customers"
      failed={{
        title: "The customers could not be loaded",
        message: "The database did not answer. Nothing was changed.",
        retry: props.url,
      }}
    >
      {props.view ? <CustomersContent view={props.view} /> : null}
    </StaffFrame>
  );
}
