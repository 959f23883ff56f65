// What a charge's page says about a charge that is still open: the prompt on the customer's
// phone, the page having stopped asking (with "Check again"), or, past the reconciliation
// threshold, that the charge now waits for reconciliation rather than for the customer. Server
// HTML saying what is true now, with each state's words in a template: the page's script (components/charge-page/charge-script.ts)
// shows the one that is true as time passes; without it, "Check again" is a link to the page.
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-class";
import { TextLink } from "@/components/ui/link";
import { textLinkClass } from "@/components/ui/link-class";
import { RESULT_VIEW_WATCH_MS, type ChargeView } from "@/lib/charges/view";

type Props = {
  status: ChargeView["status"];
  /** Past the reconciliation threshold when the page was made. */
  overdue: boolean;
  createdAt: string;
  pendingMinutes: number;
  canReconcile: boolean;
  /** The page's address, which "Check again" asks again without the script. */
  self: string;
};

const minutes = (n: number) => `${n} ${n === 1 ? "minute" : "minutes"}`;

/** What the notice says, whether the page is still asking and whether the charge is past the threshold. */
export function noticeText(status: ChargeView["status"], watching: boolean, overdue: boolean, pendingMinutes: number): string {
  const stopped = `This page stopped checking after ${minutes(RESULT_VIEW_WATCH_MS / 60_000)}.`;
  if (status === "submitting")
    return watching ? "Waiting for the upstream's answer…" : `Still waiting for the upstream's answer. ${stopped}`;
  if (overdue) {
    return (
      `Still pending after more than ${minutes(pendingMinutes)}, so this charge is waiting for reconciliation: ` +
      "the upstream is asked again in the background, and support settles it by hand if it stays open." +
      (watching ? "" : ` ${stopped}`)
    );
  }
  return `A prompt is on the customer's phone. ${watching ? "This page updates by itself." : stopped}`;
}

export function OpenChargeNotice({ status, overdue, createdAt, pendingMinutes, canReconcile, self }: Props) {
  const pending = status === "pending";
  const states: { watching: boolean; overdue: boolean }[] = [
    { watching: true, overdue: false },
    { watching: false, overdue: false },
    ...(pending
      ? [
          { watching: true, overdue: true },
          { watching: false, overdue: true },
        ]
      : []),
  ];
  const link = (s: { overdue: boolean }): ReactNode =>
    s.overdue && canReconcile ? (
      <>
        {" "}
        <TextLink href="/reconcile">Reconcile queue</TextLink>
      </>
    ) : null;
  return (
    <div
      role="status"
      data-testid="open-charge-notice"
      data-charge-notice
      data-due={pending ? Date.parse(createdAt) + pendingMinutes * 60_000 : undefined}
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-status-pending-bg px-3 py-2 text-sm text-status-pending"
    >
      <p className="flex min-w-0 flex-1 basis-64 items-center gap-2">
        <span
          aria-hidden
          data-notice-live
          hidden={pending && overdue}
          className="h-3 w-3 shrink-0 animate-pulse rounded-full bg-status-pending"
        />
        <span data-notice-text>
          {noticeText(status, true, pending && overdue, pendingMinutes)}
          {link({ overdue: pending && overdue })}
        </span>
        {/* Each state's words, which the script puts in place as time passes (a template's content is not the page's text). */}
        {states.map((s) => (
          <template key={`${s.watching}${s.overdue}`} data-watching={s.watching ? "1" : "0"} data-overdue={s.overdue ? "1" : "0"}>
            {noticeText(status, s.watching, s.overdue, pendingMinutes)}
            {link(s)}
          </template>
        ))}
      </p>
      <button type="button" data-check-again hidden className={buttonClass("secondary")}>
        Check again
      </button>
      <noscript>
        <a href={self} className={textLinkClass({ tap: true })}>
          Check again
        </a>
      </noscript>
    </div>
  );
}
