// Where a customer's attempt stands, as the pay page shows it at `?attempt=<key>`: waiting for
// their approval (./pay-waiting.tsx), the receipt, failed (why, when the network said; they may
// try again) or not known (they must not pay again: what to quote, and to whom).
import type { ReactNode } from "react";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { type AttemptPage, attemptFacts, CheckAgain, Contact, Facts } from "./pay-facts";
import { Waiting } from "./pay-waiting";
import { buttonClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";

export function Outcome({ page }: { page: AttemptPage }) {
  const { attempt, business } = page;
  const money = formatMoney(attempt.amountMinor, attempt.currency);
  const to = `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`;
  if (attempt.status === "success") return <Receipt page={page} />;
  if (attempt.status === "failed") {
    return (
      <Card className="space-y-3">
        <h1 className="text-xl font-semibold text-status-failed">The payment did not go through</h1>
        {attempt.reason ? <p className="font-medium">{attempt.reason}</p> : null}
        <p>No money was taken for this attempt of {money}.</p>
        {page.retry ? (
          <a href={`/pay/${page.token}`} className={`${buttonClass("primary")} w-full`}>
            Try again
          </a>
        ) : null}
        <BackToShop page={page} />
      </Card>
    );
  }
  if (attempt.status === "unknown") {
    return (
      <Card className="space-y-3">
        <h1 className="text-xl font-semibold">We do not know yet whether this payment went through</h1>
        <p>
          <strong>Do not pay again.</strong> The payment of {money} from {to} may still arrive. {business.name || "The business"} will check
          with the network and confirm it.
        </p>
        <Facts rows={attemptFacts(page)} label="This payment" />
        <Contact page={page} />
        <p>Keep this page or bookmark it: it shows the outcome once it is known.</p>
        <CheckAgain page={page} />
        <BackToShop page={page} />
      </Card>
    );
  }
  return <Waiting page={page} />;
}

function Receipt({ page }: { page: AttemptPage }) {
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-status-success">Payment received</h1>
        <p className="text-ink-muted">Thank you. Keep this receipt: bookmark this page, take a screenshot or print it.</p>
      </div>
      <Facts rows={attemptFacts(page, { receipt: true })} />
      <BackToShop page={page} primary />
    </Card>
  );
}

/** Back to the shop that made the link (lib/payment-requests/shop-return.ts), when it asked for it. */
function BackToShop({ page, primary = false }: { page: AttemptPage; primary?: boolean }) {
  if (!page.back) return null;
  return (
    <a href={page.back} className={`${buttonClass(primary ? "primary" : "secondary")} w-full`} data-testid="back-to-shop">
      Back to {page.business.name || "the shop"}
    </a>
  );
}

/** A page's one message: why a link takes no payment, or that it does not exist. */
export function Notice({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="space-y-2">
      <h1 className="text-xl font-semibold">{title}</h1>
      {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      <p>{children}</p>
    </Card>
  );
}
