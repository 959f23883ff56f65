// The header's search (lib/search): on a wide screen a box, a GET form to /search, so it works
// before and without any script; on a narrower one a link to the search page, whose box is the
// same form. The header's script (./header-script.ts) makes "/" focus the box, or open the page.
import { SEARCH_MAX } from "@/lib/search/schema";

export function SiteSearch({ current }: { current: boolean }) {
  return (
    <>
      <search className="hidden 2xl:block">
        <form action="/search" method="get">
          <label htmlFor="site-search" className="sr-only">
            Search charges, customers, pay links and batches
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            placeholder="Search  /"
            maxLength={SEARCH_MAX}
            autoComplete="off"
            aria-keyshortcuts="/"
            className="block min-h-11 w-56 rounded-lg border border-line bg-surface px-3 text-sm text-ink placeholder:text-ink-muted"
          />
        </form>
      </search>
      <a
        href="/search"
        aria-keyshortcuts="/"
        aria-current={current ? "page" : undefined}
        data-testid="search-link"
        className="grid h-11 w-11 shrink-0 place-items-center rounded-lg xl:w-8 text-ink-muted hover:bg-canvas hover:text-ink aria-[current=page]:bg-brand-50 2xl:hidden"
      >
        <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="h-6 w-6">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="sr-only">Search</span>
      </a>
    </>
  );
}
