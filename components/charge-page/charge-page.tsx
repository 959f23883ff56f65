// A charge's page as both its addresses render it (pages/transactions/[id].tsx, pages/reconcile/[id].tsx):
// the answer of lib/charge-page/page-bridge.ts in the staff frame, with the page's script.
import { StaffFrame } from "@/components/layout/staff-frame";
import type { ChargePageView } from "@/lib/charge-page/types";
import type { StaffAnswer } from "@/lib/layout/types";
import { ChargePageContent } from "./charge-page-content";
import { chargeScript } from "./charge-script";

/** The page's props (lib/layout/request.ts, StaffProps). */
export type ChargePageProps = Extract<StaffAnswer<ChargePageView>, { kind: "page" }> & { url: string };

export function ChargePage(props: ChargePageProps) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Charge"
      failed={{
        title: "This charge could not be loaded",
        message: "The ledger did not answer. The charge itself is unaffected.",
        retry: props.url,
      }}
      script={props.view ? chargeScript(props.view) : undefined}
      toast={props.view?.toast}
    >
      {props.view ? <ChargePageContent view={props.view} /> : null}
    </StaffFrame>
  );
}
