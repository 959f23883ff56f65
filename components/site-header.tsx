import Link from "next/link";
import type { KeyMode } from "@/lib/momo/key-mode";
import { NavLinks } from "./nav-links";

export function SiteHeader({ mode }: { mode: KeyMode }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/charges/new" className="flex items-center gap-2 font-semibold tracking-tight text-ink">
          <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-sm text-white">M</span>
          Momo Dashboard
        </Link>
        <span
          data-testid="key-mode"
          title={mode === "test" ? "Test key: no real money moves" : "Live key: charges move real money"}
          className={`ml-auto rounded-full sm:order-last px-2.5 py-0.5 text-xs font-bold tracking-wide ${mode === "test" ? "bg-status-pending-bg text-status-pending" : "bg-status-failed-bg text-status-failed"}`}
        >
          {mode === "test" ? "TEST" : "LIVE"}
        </span>
        <div className="order-last w-full sm:order-none sm:w-auto">
          <NavLinks />
        </div>
      </div>
    </header>
  );
}
