// GET /account – the upstream's account behind the API key (owners). A Pages Router page that runs
// no framework JavaScript (docs/decisions/lists-without-runtime.md), as /transactions: the page is
// sent once the upstream has answered (or timed out), and Try again is a link to it; its gate,
// frame and view come through lib/account/page-bridge.ts.
import type { GetServerSideProps } from "next";
import { AccountView } from "@/components/account/account-view";
import { PageTitle } from "@/components/ui/card";
import { PageFailed } from "@/components/layout/page-states";
import { StaffFrame } from "@/components/layout/staff-frame";
import { accountPages } from "@/lib/account/page-bridge";
import type { AccountPageView } from "@/lib/account/types";
import { pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";

type Props = StaffProps<AccountPageView>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) =>
  staffProps(await accountPages.get().record(pageRequest(context)), context.res, context.resolvedUrl);

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function AccountPage(props: Props) {
  const answer = props.view?.answer;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Account"
      failed={{ title: "The account could not be loaded", message: "The database did not answer.", retry: props.url }}
    >
      <PageTitle description="The upstream account behind the API key, as the upstream describes it.">Account</PageTitle>
      {!props.view || !answer ? null : answer.ok ? (
        <AccountView user={answer.user} timeZone={props.view.timeZone} />
      ) : (
        <PageFailed title="The account could not be loaded" message={answer.message} requestId={props.frame.requestId} retry={props.url} />
      )}
    </StaffFrame>
  );
}
