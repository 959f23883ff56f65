// The small screen's menu: a "Menu" button opening a panel with every page the member's role may
// open, who they are (a link to their profile), the key's mode and Sign out. Wide screens show the
// same in the header's row instead (./site-header.tsx).
// The panel is the browser's own popover: it opens before the page's scripts have run and with
// JavaScript off, Escape and a tap outside close it. So the icon follows the panel in CSS
// (:popover-open); the header's script (./header-script.ts) keeps the button's aria-expanded and
// closes the panel once a page is chosen.
import type { Role } from "@/lib/access/roles";
import type { KeyMode } from "@/lib/market/key-mode";
import { SignOutForm } from "@/components/session/sign-out-form";
import { KeyModeBadge } from "./key-mode-badge";
import { MemberLink } from "./member-link";
import { type NavLink, NavLinks } from "./nav-links";

const PANEL_ID = "site-menu";

export function SiteMenu({
  links,
  settings = [],
  member,
  path,
  mode,
  className = "",
}: {
  links: NavLink[];
  /** The owner's settings pages, under their own heading. */
  settings?: NavLink[];
  member: { name: string; role: Role };
  path: string;
  mode: KeyMode;
  className?: string;
}) {
  return (
    <div className={`group/menu ${className}`}>
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-controls={PANEL_ID}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-ink hover:bg-canvas"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 fill-none stroke-current" strokeWidth="1.75" strokeLinecap="round">
          <path d="M3 6h14M3 10h14M3 14h14" className="group-has-[:popover-open]/menu:hidden" />
          <path d="M5 5l10 10M15 5L5 15" className="hidden group-has-[:popover-open]/menu:inline" />
        </svg>
        Menu
      </button>
      <div
        id={PANEL_ID}
        popover="auto"
        data-testid="site-menu"
        // In the top layer, `absolute` places it against the page: full width, right under the
        // header (min-h-16, at the top of every page), scrolling with it as the header does. The
        // browser's popover box (fixed, centred, fit-content, Canvas colours) is replaced.
        className="absolute inset-x-0 top-16 bottom-auto w-auto max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-surface text-ink shadow-lg"
      >
        <div className="mx-auto max-w-5xl space-y-3 px-4 py-3">
          <NavLinks links={links} path={path} layout="column" />
          {settings.length ? (
            <div className="border-t border-line pt-3">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-ink-muted">Settings</p>
              <NavLinks links={settings} path={path} label="Settings" layout="column" />
            </div>
          ) : null}
          <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
            <MemberLink member={member} path={path} testId="menu-member" wide />
            <KeyModeBadge mode={mode} testId="menu-key-mode" />
          </div>
          <SignOutForm className="min-h-11 w-full border border-line px-3 text-left" />
        </div>
      </div>
    </div>
  );
}
