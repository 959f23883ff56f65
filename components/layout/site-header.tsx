// The header. Wide screens (xl, 1280 px, and up) show one row: the logo, the business, the member's pages,
// the owner's Settings menu (team, business, audit log, account), who is signed in (a link to
// their profile), the notifications' bell, TEST/LIVE and Sign out — in that order for the keyboard
// too. Smaller screens keep the logo, the business, the bell and TEST/LIVE in sight and put the
// rest in a menu.
// Server HTML only: its links load the next page as a document, its menus are the browser's own
// popovers, Sign out is a form; one small inline script (./header-script.ts) adds what a script can.
// It is rendered with every page (app/@header), so the current page is marked here.
import type { Member } from "@/lib/access/types";
import { can, NAV } from "@/lib/access/roles";
import type { KeyMode } from "@/lib/market/key-mode";
import { BusinessLogo } from "@/components/business/business-logo";
import { KeyModeBadge } from "./key-mode-badge";
import { headerScript } from "./header-script";
import { MemberLink } from "./member-link";
import { NavLinks } from "./nav-links";
import { BELL_SCRIPT, NotificationBell } from "@/components/notifications/bell";
import { SEARCH_SCRIPT, searchScript } from "@/components/search/combobox-script";
import { SiteSearch } from "./site-search";
import { SignOutForm } from "@/components/session/sign-out-form";
import { SettingsMenu } from "./settings-menu";
import { SiteMenu } from "./site-menu";

/** The merchant's business as the header shows it (lib/business/profile.ts: BusinessProfile). */
type Business = { name: string; logoUrl: string | null };

export function SiteHeader({
  path,
  mode,
  member,
  business,
  enrolling = false,
  unread = 0,
  nonce,
}: {
  /** The page's address: its link is marked as the current page. */
  path: string;
  mode: KeyMode;
  member: Member | null;
  business?: Business | null;
  /** The member must set up two-factor first: the header offers only Sign out. */
  enrolling?: boolean;
  /** The member's unread notifications when the page was made (the header's script keeps it current). */
  unread?: number;
  /** This response's script nonce (proxy.ts), for the header's script. */
  nonce?: string | null;
}) {
  const allowed = member ? NAV.filter((l) => can(member.role, l.permission)) : [];
  const links = allowed.filter((l) => !l.settings).map(({ href, label }) => ({ href, label }));
  const settings = allowed.filter((l) => l.settings).map(({ href, label }) => ({ href, label }));
  // Only what the header shows reaches the browser.
  const who = member && !enrolling ? { name: member.name, role: member.role } : null;
  return (
    <header className="relative border-b border-line bg-surface">
      {/* One row, 4 rem high: the phone's menu opens right below it (components/layout/site-menu.tsx, top-16). */}
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-x-3 px-4 py-2 2xl:gap-x-4">
        <a href="/" className="flex min-h-11 min-w-11 shrink-0 items-center gap-2 font-semibold tracking-tight whitespace-nowrap text-ink">
          <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-sm text-white">
            M
          </span>
          {/* Words only where there is room: the owner's row needs the space for the business's name until 2xl. */}
          <span className="max-[25rem]:sr-only xl:max-2xl:sr-only">Momo Dashboard</span>
        </a>
        {business && (business.name || business.logoUrl) ? <BusinessMark business={business} /> : null}
        {who ? <NavLinks links={links} path={path} className="hidden xl:flex" /> : null}
        {who && settings.length ? <SettingsMenu links={settings} path={path} className="hidden xl:block" /> : null}
        <div className="ml-auto flex items-center gap-2 xl:gap-1 2xl:gap-2">
          {who ? (
            <div className="hidden xl:block">
              <MemberLink member={who} path={path} testId="signed-in-as" />
            </div>
          ) : null}
          {who ? <SiteSearch current={path === "/search"} /> : null}
          {who ? <NotificationBell unread={unread} current={path === "/notifications"} /> : null}
          <KeyModeBadge mode={mode} testId="key-mode" />
          {who ? <SignOutForm className="hidden xl:inline-block" /> : null}
          {who ? <SiteMenu links={links} settings={settings} member={who} path={path} mode={mode} className="xl:hidden" /> : null}
          {member && enrolling ? <SignOutForm /> : null}
        </div>
      </div>
      {who ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own scripts' text (./header-script.ts, search/combobox-script.ts), their data JSON-escaped
        <script nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: headerScript(BELL_SCRIPT) + searchScript(SEARCH_SCRIPT) }} />
      ) : null}
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
