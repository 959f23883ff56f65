// The owner's settings pages (the team, the business, the audit log, the upstream account) under
// one Settings button on a wide screen, so the header's row keeps room for the business's name.
// The browser's own disclosure (a popover, as the phone's menu: ./site-menu.tsx): it works from the
// keyboard and before any script; Escape closes it and gives focus back to the button.
import { currentHref, type NavLink, NavLinks } from "./nav-links";

const PANEL_ID = "settings-menu";

export function SettingsMenu({ links, path, className = "" }: { links: NavLink[]; path: string; className?: string }) {
  const here = currentHref(links, path) !== null;
  return (
    <div className={`group/settings ${className}`}>
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-controls={PANEL_ID}
        className={`inline-flex items-center gap-1 whitespace-nowrap rounded-lg px-2 py-2 text-sm font-medium ${
          here ? "bg-brand-50 text-link" : "text-ink-muted hover:bg-canvas hover:text-ink"
        }`}
      >
        Settings
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="h-4 w-4 fill-none stroke-current group-has-[:popover-open]/settings:rotate-180"
          strokeWidth="1.75"
        >
          <path d="M5 8l5 5 5-5" />
        </svg>
      </button>
      <div
        id={PANEL_ID}
        popover="auto"
        data-testid="settings-menu"
        // In the top layer, `absolute` places it against the page: right under the header (min-h-16),
        // at the row's right end; the browser's popover box is replaced.
        className="absolute inset-auto top-16 right-4 m-0 w-56 rounded-card border border-line bg-surface p-2 text-ink shadow-lg"
      >
        <NavLinks links={links} path={path} label="Settings" layout="column" />
      </div>
    </div>
  );
}
