// What a customer quotes about one attempt (the receipt's lines, a slow approval's, an unknown
// outcome's), and how they reach the business when it set a contact on its profile.
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { textLinkClass } from "@/components/ui/link-class";
import { formatMoney } from "@/lib/money";
import type { PayPageView } from "@/lib/payment-requests/view";

export type AttemptPage = Extract<PayPageView, { state: "attempt" }>;

/** The attempt's lines; the receipt adds who was paid and for what. */
export function attemptFacts(page: AttemptPage, { receipt = false } = {}): [string, string][] {
  const { attempt } = page;
  const when = new Date(attempt.settledAt ?? attempt.createdAt);
  return [
    ["Amount", formatMoney(attempt.amountMinor, attempt.currency)],
    ...(receipt ? [["Paid to", page.business.name || "—"] as [string, string]] : []),
    ...(receipt && page.description ? [["For", page.description] as [string, string]] : []),
    ["From", `${formatPhone(attempt.phoneNumber)} (${providerLabel(attempt.provider)})`],
    ["Reference", attempt.reference ?? "—"],
    ["Time", new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: page.timeZone }).format(when)],
  ];
}

export function Facts({ rows, label }: { rows: [string, string][]; label?: string }) {
  return (
    <dl aria-label={label} className="divide-y divide-line text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="flex justify-between gap-4 py-2">
          <dt className="text-ink-muted">{name}</dt>
          <dd className="text-right font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const LINK = textLinkClass({ tap: true });

/** Whom to ask: the business's phone and email when it set them, else its name. */
export function Contact({ page }: { page: AttemptPage }) {
  const { phone, email } = page.contact;
  const who = page.business.name || "the business that sent you this link";
  if (!phone && !email) return <p>To ask about it, contact {who} and quote the details above.</p>;
  return (
    <div className="space-y-1">
      <p>To ask about it, contact {who} and quote the details above:</p>
      <ul className="flex flex-wrap gap-x-6">
        {phone ? (
          <li>
            <a className={LINK} href={`tel:${phone.replace(/[^\d+]/g, "")}`}>
              Call {phone}
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <a className={LINK} href={`mailto:${email}`}>
              Email {email}
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The page's own address, again: the outcome as it stands now. */
export function CheckAgain({ page }: { page: AttemptPage }) {
  return (
    <a href={`/pay/${page.token}?attempt=${encodeURIComponent(page.attemptKey)}`} className={LINK}>
      Check again
    </a>
  );
}
