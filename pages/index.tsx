// GET / – the home page of every member: what waits for them, today so far, the latest charges.
// A Pages Router page that runs no framework JavaScript (docs/decisions/lists-without-runtime.md),
// as /transactions; its gate, frame and view come through lib/home/page-bridge.ts.
import type { GetServerSideProps } from "next";
import { HomeContent } from "@/components/home/home-content";
import { StaffFrame } from "@/components/layout/staff-frame";
import { homePages } from "@/lib/home/page-bridge";
import type { HomeView } from "@/lib/home/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<HomeView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await homePages.get().home(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function HomePage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Home"
      failed={{
        title: "The home page could not be loaded",
        message: "The database did not answer. Nothing was changed.",
        retry: props.url,
      }}
    >
      {props.view ? <HomeContent view={props.view} /> : null}
    </StaffFrame>
  );
}
