"use client";
// The small screen's menu: a "Menu" button (a disclosure) opening a panel with every page the
// member's role may open, who they are (a link to their profile), the key's mode and Sign out.
// Wide screens show the same in the header's row instead (components/layout/site-header.tsx).
// The panel is a popover (components/ui/disclosure.tsx): it opens before the page's scripts have
// run and with JavaScript off. So the icon follows the panel in CSS (:popover-open), not in React.
import type { Role } from "@/lib/access/roles";
import type { KeyMode } from "@/lib/market/key-mode";
import { KeyModeBadge } from "./key-mode-badge";
import { MemberLink } from "./member-link";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "@/components/session/sign-out-button";
import { useDisclosure } from "@/components/ui/disclosure";

export function SiteMenu({
  links,
  settings = [],
  member,
  mode,
  className = "",
}: {
  links: { href: string; label: string }[];
  /** The owner's settings pages, under their own heading. */
  settings?: { href: string; label: string }[];
  member: { name: string; role: Role };
  mode: KeyMode;
  className?: string;
}) {
  const menu = useDisclosure();
  return (
    <div className={`group/menu ${className}`}>
      <button
        {...menu.buttonProps}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-ink hover:bg-canvas"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 fill-none stroke-current" strokeWidth="1.75" strokeLinecap="round">
          <path d="M3 6h14M3 10h14M3 14h14" className="group-has-[:popover-open]/menu:hidden" />
          <path d="M5 5l10 10M15 5L5 15" className="hidden group-has-[:popover-open]/menu:inline" />
        </svg>
        Menu
      </button>
      <div
        {...menu.panelProps}
        data-testid="site-menu"
        // In the top layer, `absolute` places it against the page: full width, right under the
        // header (min-h-16, at the top of every page), scrolling with it as the header does. The
        // browser's popover box (fixed, centred, fit-content, Canvas colours) is replaced.
        className="absolute inset-x-0 top-16 bottom-auto w-auto max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-surface text-ink shadow-lg"
      >
        <div className="mx-auto max-w-5xl space-y-3 px-4 py-3">
          <NavLinks links={links} layout="column" onNavigate={menu.close} />
          {settings.length ? (
            <div className="border-t border-line pt-3">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-ink-muted">Settings</p>
              <NavLinks links={settings} label="Settings" layout="column" onNavigate={menu.close} />
            </div>
          ) : null}
          <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
            <MemberLink member={member} testId="menu-member" onNavigate={menu.close} wide />
            <KeyModeBadge mode={mode} testId="menu-key-mode" />
          </div>
          <SignOutButton className="min-h-11 w-full border border-line px-3 text-left" />
        </div>
      </div>
    </div>
  );
}
