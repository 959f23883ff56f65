// What the result view says about a charge that is still open: the prompt on the customer's
// phone, the view having stopped asking (with "Check again"), or, past the reconciliation
// threshold, that the charge now waits for reconciliation rather than for the customer.
import { TextLink } from "@/components/ui/link";
import { RESULT_VIEW_WATCH_MS, type ChargeView } from "@/lib/charges/view";
import { Button } from "@/components/ui/button";

type Props = {
  status: ChargeView["status"];
  watching: boolean;
  overdue: boolean;
  pendingMinutes: number;
  checking: boolean;
  canReconcile: boolean;
  onCheckAgain: () => void;
};

const minutes = (n: number) => `${n} ${n === 1 ? "minute" : "minutes"}`;

export function OpenChargeNotice({ status, watching, overdue, pendingMinutes, checking, canReconcile, onCheckAgain }: Props) {
  const stopped = `This page stopped checking after ${minutes(RESULT_VIEW_WATCH_MS / 60_000)}.`;
  let text: string;
  if (status === "submitting")
    text = watching ? "Waiting for the upstream's answer…" : `Still waiting for the upstream's answer. ${stopped}`;
  else if (overdue) {
    text =
      `Still pending after more than ${minutes(pendingMinutes)}, so this charge is waiting for reconciliation: ` +
      "the upstream is asked again in the background, and support settles it by hand if it stays open." +
      (watching ? "" : ` ${stopped}`);
  } else text = `A prompt is on the customer's phone. ${watching ? "This page updates by itself." : stopped}`;

  const live = watching && !overdue;
  return (
    <div
      role="status"
      data-testid="open-charge-notice"
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-status-pending-bg px-3 py-2 text-sm text-status-pending"
    >
      <p className="flex min-w-0 flex-1 basis-64 items-center gap-2">
        {live ? <span aria-hidden className="h-3 w-3 shrink-0 animate-pulse rounded-full bg-status-pending" /> : null}
        <span>
          {text}
          {overdue && canReconcile ? (
            <>
              {" "}
              <TextLink href="/reconcile">Reconcile queue</TextLink>
            </>
          ) : null}
        </span>
      </p>
      {watching ? null : (
        <Button variant="secondary" disabled={checking} onClick={onCheckAgain}>
          {checking ? "Checking…" : "Check again"}
        </Button>
      )}
    </div>
  );
}
