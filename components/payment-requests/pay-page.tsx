// The public pay page (/pay/<token>, pages/pay/[token].tsx): the business's name and logo, not the
// dashboard's header; made for a phone first. An open link shows the payment (./pay-flow.tsx); a
// closed one says why, and still shows this browser's own receipt if it paid it (a reload after paying).
import type { PayPageView } from "@/lib/payment-requests/view";
import { PayFlow } from "./pay-flow";
import { Notice, StoredAttempt } from "./pay-outcome";

export function PayPage({ page, token }: { page: PayPageView; token: string }) {
  return (
    <div className="min-h-dvh bg-canvas px-4 py-6 text-ink sm:py-12">
      <main className="mx-auto w-full max-w-md space-y-5">
        <BusinessHeader name={page.business.name} logoUrl={page.business.logoUrl} />
        {page.state === "open" ? (
          <PayFlow page={page} />
        ) : page.state === "closed" ? (
          <StoredAttempt token={token} business={page.business.name}>
            <Notice title={CLOSED_TITLES[page.status]} description={page.description}>
              {page.message}
            </Notice>
          </StoredAttempt>
        ) : (
          <Notice title="Payment link not found">
            This link does not lead to a payment. Check that it was copied whole, or ask the business that sent it for a new one.
          </Notice>
        )}
      </main>
    </div>
  );
}

const CLOSED_TITLES = {
  paid: "Already paid",
  expired: "This link has expired",
  paused: "This link is paused",
  cancelled: "This link was cancelled",
} as const;

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
