// GET /search?q= – one search across charges, customers, pay links and bulk batches, a few of each
// as the member may see them (lib/search/results.ts). A Pages Router page that runs no framework
// JavaScript (docs/decisions/lists-without-runtime.md): the header's search box is a GET form to
// here, so it works before and without any script.
import type { GetServerSideProps } from "next";
import { StaffFrame } from "@/components/layout/staff-frame";
import { SearchContent } from "@/components/search/search-content";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";
import { searchPages } from "@/lib/search/page-bridge";
import type { SearchView } from "@/lib/search/types";

type Props = StaffProps<SearchView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await searchPages.get().results(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function SearchPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title={props.view?.q ? `Search: ${props.view.q}` : "Search"}
      failed={{ title: "The search could not be made", message: "The database did not answer. Nothing was changed.", retry: props.url }}
    >
      {props.view ? <SearchContent view={props.view} /> : null}
    </StaffFrame>
  );
}
