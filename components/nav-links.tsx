"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINK = "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium";
const ACTIVE = "bg-brand-50 text-link";
const INACTIVE = "text-ink-muted hover:bg-canvas hover:text-ink";

export function NavLinks({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex gap-1 overflow-x-auto">
      {links.map((l) => {
        const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
        return (
          <Link key={l.href} href={l.href} aria-current={active ? "page" : undefined} className={`${LINK} ${active ? ACTIVE : INACTIVE}`}>
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
