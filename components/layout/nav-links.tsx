"use client";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { NavPending } from "./nav-pending";

const LINK = "whitespace-nowrap rounded-lg text-sm font-medium";
const ACTIVE = "bg-brand-50 text-link";
const INACTIVE = "text-ink-muted hover:bg-canvas hover:text-ink";
const LAYOUT = {
  /** The wide screen's header: one row. */
  row: { nav: "flex gap-0.5", link: "px-1.5 py-2 2xl:px-2" },
  /** The small screen's menu: one page a line, each a full-width target. */
  column: { nav: "flex flex-col gap-1", link: "flex min-h-11 items-center px-3" },
};

export function NavLinks({
  links,
  label = "Main",
  layout = "row",
  className = "",
  onNavigate,
}: {
  links: { href: string; label: string }[];
  /** The navigation landmark's name: "Main", or "Settings" for the owner's settings pages. */
  label?: string;
  layout?: keyof typeof LAYOUT;
  className?: string;
  onNavigate?: () => void;
}) {
  // Null only under the Pages Router (the pay page), which never renders this.
  const pathname = usePathname() ?? "";
  // The page is under the longest address that holds it: /settings/webhooks/… is Webhooks', not Business' (/settings).
  const current = links
    .filter((l) => pathname === l.href || pathname.startsWith(`${l.href}/`))
    .reduce<string | null>((found, l) => (found && found.length >= l.href.length ? found : l.href), null);
  return (
    <nav aria-label={label} className={`${LAYOUT[layout].nav} ${className}`}>
      {links.map((l) => {
        const active = l.href === current;
        return (
          <Link
            key={l.href}
            href={l.href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={`${LINK} ${LAYOUT[layout].link} ${active ? ACTIVE : INACTIVE}`}
          >
            {l.label}
            <NavPending />
          </Link>
        );
      })}
    </nav>
  );
}
