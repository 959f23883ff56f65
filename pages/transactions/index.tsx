// GET /transactions – every charge in the ledger, newest first, filtered by the address's query.
// POST /transactions – the saved views' forms (save, delete), same-site only: 303 back to the page.
// A Pages Router page that runs no framework JavaScript (unstable_runtimeJS: false), as the pay
// page: HTML that works first, the header's and the page's small scripts after
// (docs/decisions/lists-without-runtime.md). Its gate, frame and view come through
// lib/history/page-bridge.ts (lib/layout/staff-page.ts, lib/history/transactions-view.ts); a
// charge's own page (/transactions/{id}) stays on the App Router.
import type { GetServerSideProps } from "next";
import { TransactionsContent } from "@/components/history/transactions-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { historyPages } from "@/lib/history/page-bridge";
import type { TransactionsView } from "@/lib/history/view";
import { formOf, pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<TransactionsView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const { req, res, resolvedUrl } = context;
  // The "Views" bar's forms post here (save, delete): 303 back to the page, or the page with what to fix.
  if (req.method === "POST") {
    const url = `http://${req.headers.host ?? "localhost"}/transactions`;
    return staffProps(await historyPages.get().act(pageRequest(context), await formOf(req), url), res, resolvedUrl, "POST");
  }
  return staffProps(await historyPages.get().transactions(pageRequest(context)), res, resolvedUrl);
};

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function TransactionsPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Transactions"
      failed={{ title: "The charges could not be loaded", message: "The ledger did not answer. Nothing was changed.", retry: props.url }}
    >
      {props.view ? <TransactionsContent view={props.view} /> : null}
    </StaffFrame>
  );
}
