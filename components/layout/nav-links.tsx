// The header's links to the member's pages, the current one marked by the server (the header is
// rendered with every page: app/@header). Plain links: the next page loads as a document, so a tap
// works before the page's scripts have run, and the header needs none of them.
const LINK = "whitespace-nowrap rounded-lg text-sm font-medium";
const ACTIVE = "bg-brand-50 text-link";
const INACTIVE = "text-ink-muted hover:bg-canvas hover:text-ink";
const LAYOUT = {
  /** The wide screen's header: one row. */
  row: { nav: "flex gap-0.5", link: "px-1.5 py-2 2xl:px-2" },
  /** The small screen's menu: one page a line, each a full-width target. */
  column: { nav: "flex flex-col gap-1", link: "flex min-h-11 items-center px-3" },
};

export type NavLink = { href: string; label: string };

/**
 * The link whose page holds `path`: the longest address that holds it, so /settings/webhooks/… is
 * Webhooks', not Business' (/settings). Null when none does.
 */
export function currentHref(links: readonly NavLink[], path: string): string | null {
  return links
    .filter((l) => path === l.href || path.startsWith(`${l.href}/`))
    .reduce<string | null>((found, l) => (found && found.length >= l.href.length ? found : l.href), null);
}

export function NavLinks({
  links,
  path,
  label = "Main",
  layout = "row",
  className = "",
}: {
  links: NavLink[];
  /** The page's address. */
  path: string;
  /** The navigation landmark's name: "Main", or "Settings" for the owner's settings pages. */
  label?: string;
  layout?: keyof typeof LAYOUT;
  className?: string;
}) {
  const current = currentHref(links, path);
  return (
    <nav aria-label={label} className={`${LAYOUT[layout].nav} ${className}`}>
      {links.map((l) => {
        const active = l.href === current;
        return (
          <a
            key={l.href}
            href={l.href}
            aria-current={active ? "page" : undefined}
            className={`${LINK} ${LAYOUT[layout].link} ${active ? ACTIVE : INACTIVE}`}
          >
            {l.label}
          </a>
        );
      })}
    </nav>
  );
}
