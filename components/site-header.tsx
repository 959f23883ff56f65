import Link from "next/link";
import type { Member } from "@/lib/auth/types";
import { can, NAV, ROLE_LABELS } from "@/lib/auth/roles";
import type { KeyMode } from "@/lib/market/key-mode";
import { BusinessLogo } from "./business-logo";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

const KEY_MODE = "rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide";
const TEST_TONE = "bg-status-pending-bg text-status-pending";
const LIVE_TONE = "bg-status-failed-bg text-status-failed";

/** The merchant's business as the header shows it (lib/business/profile.ts: BusinessProfile). */
type Business = { name: string; logoUrl: string | null };

export function SiteHeader({ mode, member, business }: { mode: KeyMode; member: Member | null; business?: Business | null }) {
  const links = member ? NAV.filter((l) => can(member.role, l.permission)).map(({ href, label }) => ({ href, label })) : [];
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight text-ink">
          <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-sm text-white">
            M
          </span>
          Momo Dashboard
        </Link>
        {business && (business.name || business.logoUrl) ? <BusinessMark business={business} /> : null}
        <div className="ml-auto flex items-center gap-3 sm:order-last">
          {member ? (
            <span data-testid="signed-in-as" className="hidden text-right text-xs leading-tight sm:block">
              <span className="block font-medium text-ink">{member.name}</span>
              <span className="text-ink-muted">{ROLE_LABELS[member.role]}</span>
            </span>
          ) : null}
          <span
            data-testid="key-mode"
            title={mode === "test" ? "Test key: no real money moves" : "Live key: charges move real money"}
            className={`${KEY_MODE} ${mode === "test" ? TEST_TONE : LIVE_TONE}`}
          >
            {mode === "test" ? "TEST" : "LIVE"}
          </span>
          {member ? <SignOutButton /> : null}
        </div>
        {member ? (
          <div className="order-last flex w-full items-center justify-between gap-2 sm:order-none sm:w-auto">
            <NavLinks links={links} />
            <span className="shrink-0 text-xs text-ink-muted sm:hidden">
              {member.name} · {ROLE_LABELS[member.role]}
            </span>
          </div>
        ) : null}
      </div>
    </header>
  );
}

function BusinessMark({ business }: { business: Business }) {
  return (
    <span data-testid="business" className="flex min-w-0 items-center gap-2 text-sm font-medium text-ink-muted">
      {business.logoUrl ? (
        <BusinessLogo src={business.logoUrl} alt={business.name ? "" : "Business logo"} className="h-7 max-w-24" />
      ) : null}
      {business.name ? <span className="truncate">{business.name}</span> : null}
    </span>
  );
}
