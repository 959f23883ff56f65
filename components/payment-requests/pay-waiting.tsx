// A customer's attempt while its approval waits: first "approve the prompt" (the page checks by
// itself, ./pay-script.ts); past PAY_PROMPT_WAIT_SECONDS, what happened in words they trust (no
// money leaves until they approve), where their network keeps prompts they missed
// (lib/market/networks.ts), another number when the link takes one, and what to quote to whom.
import { formatPhone, providerById, providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { type AttemptPage, attemptFacts, CheckAgain, Contact, Facts } from "./pay-facts";
import { buttonClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";

export function Waiting({ page }: { page: AttemptPage }) {
  const { attempt } = page;
  const money = formatMoney(attempt.amountMinor, attempt.currency);
  const to = `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`;
  if (page.waiting?.long) return <LongWait page={page} money={money} to={to} />;
  return (
    <Card className="space-y-3">
      <h1 className="text-xl font-semibold">Approve the prompt on your phone</h1>
      <p>
        A payment prompt for {money} is on its way to {to}. Enter your mobile money PIN on your phone to approve it.
      </p>
      <p className="flex items-center gap-2 text-sm text-status-pending" role="status">
        <span aria-hidden className="inline-block size-2 animate-pulse rounded-full bg-status-pending" />
        Waiting for your approval… This page updates by itself.
      </p>
      <noscript>
        <CheckAgain page={page} />
      </noscript>
    </Card>
  );
}

function LongWait({ page, money, to }: { page: AttemptPage; money: string; to: string }) {
  const network = providerById(page.attempt.provider);
  const name = network?.label ?? "your network";
  return (
    <Card className="space-y-3">
      <h1 className="text-xl font-semibold">Your approval has not reached us yet</h1>
      <p>
        We sent a payment prompt for {money} to {to}, and {name} has not told us that it was approved.{" "}
        <strong>No money leaves your account until you approve it.</strong>
      </p>
      <h2 className="pt-2 font-semibold">If the prompt did not appear, or closed</h2>
      <p>{network?.approvals ?? "Open your mobile money menu and look for a payment waiting for your approval."}</p>
      <h2 className="pt-2 font-semibold">If you approved it</h2>
      <p>
        Keep this page open or bookmark it: it shows your receipt once {name} tells us.
        {page.waiting?.watchFor ? " It checks by itself for a while." : ""}
      </p>
      <CheckAgain page={page} />
      {page.anotherNumber ? (
        <div className="space-y-1 border-t border-line pt-3">
          <a href={`/pay/${page.token}`} className={`${buttonClass("secondary")} w-full`}>
            Pay from another number
          </a>
          <p className="text-sm text-ink-muted">Only if you will not approve this prompt: if both are approved, both are paid.</p>
        </div>
      ) : null}
      <h2 className="border-t border-line pt-3 font-semibold">This payment</h2>
      <Facts rows={attemptFacts(page)} label="This payment" />
      <Contact page={page} />
    </Card>
  );
}
