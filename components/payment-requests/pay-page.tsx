// The public pay page (/pay/<token>, pages/pay/[token].tsx): the business's name and logo, not the
// dashboard's header; made for a phone first. Rendered on the server only: an open link's form
// (./pay-form.tsx), one attempt (./pay-outcome.tsx), or why the link takes no payment; and
// ./pay-script.ts, inline with the page's nonce.
import type { PayPageView } from "@/lib/payment-requests/view";
import { PayForm } from "./pay-form";
import { Notice, Outcome } from "./pay-outcome";
import { payScript } from "./pay-script";

const CLOSED_TITLES = {
  paid: "Already paid",
  expired: "This link has expired",
  paused: "This link is paused",
  cancelled: "This link was cancelled",
} as const;

export function PayPage({ page, nonce }: { page: PayPageView; nonce: string | null }) {
  const waiting = page.state === "attempt" ? page.waiting : null;
  const script =
    page.state === "open"
      ? payScript(null)
      : page.state === "attempt" && waiting && waiting.watchFor > 0
        ? payScript({
            url: `/api/pay/${page.token}/attempts/${encodeURIComponent(page.attemptKey)}`,
            status: page.attempt.status,
            longIn: waiting.long ? null : waiting.longIn,
            watchFor: waiting.watchFor,
          })
        : null;
  return (
    <div className="min-h-dvh bg-canvas px-4 py-6 text-ink sm:py-12">
      <main className="mx-auto w-full max-w-md space-y-5">
        <BusinessHeader name={page.business.name} logoUrl={page.business.logoUrl} />
        {page.state === "open" ? (
          <PayForm page={page} />
        ) : page.state === "attempt" ? (
          <Outcome page={page} />
        ) : page.state === "closed" ? (
          <Notice title={CLOSED_TITLES[page.status]} description={page.description}>
            {page.message}
          </Notice>
        ) : (
          <Notice title="Payment link not found">
            This link does not lead to a payment. Check that it was copied whole, or ask the business that sent it for a new one.
          </Notice>
        )}
      </main>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script's text (./pay-script.ts), its data JSON-escaped */}
      {script ? <script nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: script }} /> : null}
    </div>
  );
}

function BusinessHeader({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  if (!name && !logoUrl) return null;
  return (
    <header className="flex items-center gap-3">
      {/* biome-ignore lint/performance/noImgElement: the logo is small and ours (components/business/business-logo.tsx) */}
      {logoUrl ? <img src={logoUrl} alt="" className="h-10 w-auto max-w-24 object-contain" /> : null}
      {name ? <p className="text-lg font-semibold">{name}</p> : null}
    </header>
  );
}
