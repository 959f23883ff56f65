// A slot on globalThis where the server puts a feature's page functions at start-up
// (lib/startup.ts) for a Pages Router page to read: Next.js refuses any module marked
// "server-only" in the Pages Router's build, so such a page imports only its feature's
// page-bridge.ts, which holds one of these (docs/decisions/lists-without-runtime.md).
/** A feature's page functions, put in place by the server at start-up and read by its page. */
export function pageSlot<Pages>(name: string) {
  const key = Symbol.for(`momo-dashboard.pages.${name}`);
  const slot = globalThis as { [k: symbol]: Pages | undefined };
  return {
    /** At start-up. */
    provide(pages: Pages): void {
      slot[key] = pages;
    },
    /** What the server provided. */
    get(): Pages {
      const pages = slot[key];
      if (!pages) throw new Error(`The server has not started: the ${name} pages have nothing to read.`);
      return pages;
    },
  };
}
