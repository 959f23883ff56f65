// The header's only script, inline with the page's nonce (as the pay page's: ../payment-requests/pay-script.ts).
// The header is server HTML that works without it: its links are links, its menus the browser's
// own popovers, Sign out a form. With it:
// - each menu button's aria-expanded follows its panel (the browser opens it, before or without React);
// - choosing a page from the header closes the menu it was in and shows a thin bar at the top of
//   the window while the page is on its way (and neither is left behind when Back brings the page
//   back from the browser's cache); a link of the page marked `data-pending` shows the same bar;
// - "/" focuses the search box (or, where the header shows only its link, opens the search page);
// - the bell's count, rendered by the server with the page, is asked for again every `every` ms
//   while the tab is in view, when the tab comes back into view, and when the notifications page
//   sends `changed` on window (it marked some read). The answer is a few bytes, 304 when the count
//   has not changed (the route's ETag, kept by the browser's cache).
// It runs once per document, as soon as the header is parsed, and finds the header's elements
// anew each time: React renders the header again with every page (app/@header) and may replace them.
// Self-contained (no imports, no closures): it is sent as its own source text.

type Options = {
  /** Where the bell's count comes from, and how often to ask. */
  url: string;
  every: number;
  /** The event the notifications page sends when it marks some read. */
  changed: string;
  /** The bell's name with no unread notifications, and with `{n}` of them. */
  none: string;
  some: string;
};

function enhance(o: Options): void {
  const doc = document;
  const panels = () => doc.querySelectorAll<HTMLElement>("header [popover]");
  const follow = (panel: HTMLElement) => {
    const open = panel.matches(":popover-open");
    for (const button of doc.querySelectorAll(`[popovertarget="${panel.id}"]`)) button.setAttribute("aria-expanded", String(open));
  };
  for (const panel of panels()) follow(panel);
  // A toggle event does not bubble: it is caught on its way down.
  doc.addEventListener(
    "toggle",
    (e) => {
      const panel = e.target as HTMLElement;
      if (panel.matches?.("header [popover]")) follow(panel);
    },
    true,
  );
  doc.addEventListener("click", (e) => {
    const link = (e.target as Element).closest?.("header a[href], a[data-pending][href]") as HTMLAnchorElement | null;
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const panel = link.closest<HTMLElement>("[popover]");
    if (panel?.matches(":popover-open")) panel.hidePopover();
    if (link.origin !== location.origin || doc.getElementById("nav-pending")) return;
    const bar = doc.createElement("div");
    bar.id = "nav-pending";
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-label", "Opening the page");
    bar.setAttribute("data-testid", "nav-pending");
    bar.className = "nav-pending fixed inset-x-0 top-0 z-50 h-1";
    doc.body.append(bar);
  });
  addEventListener("pageshow", (e) => {
    if (!e.persisted) return;
    doc.getElementById("nav-pending")?.remove();
    for (const panel of panels()) if (panel.matches(":popover-open")) panel.hidePopover();
  });

  // "/" anywhere but in a field: the header's search box when it is shown, else the search page.
  doc.addEventListener("keydown", (e) => {
    const at = e.target as HTMLElement;
    if (e.key !== "/" || e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey) return;
    if (at.closest?.("input, textarea, select, [contenteditable]")) return;
    if (!doc.querySelector("header [data-testid=search-link]")) return;
    e.preventDefault();
    // The header's box where it is shown, else the search page's own box, else that page.
    const boxes = ["site-search", "search-page-q"].map((id) => doc.getElementById(id) as HTMLInputElement | null);
    const box = boxes.find((b) => b?.offsetParent);
    if (box) box.focus();
    else location.assign("/search");
  });
  const show = (n: number) => {
    const bell = doc.querySelector("[data-testid=bell]");
    if (!bell) return;
    const shown = n >= 100 ? "99+" : String(n);
    bell.setAttribute("aria-label", n === 0 ? o.none : o.some.replace("{n}", shown));
    const count = bell.querySelector<HTMLElement>("[data-testid=bell-count]");
    // The text node React rendered is changed in place, so that React's next render of the
    // header (the next page) still finds it.
    if (count?.firstChild) {
      count.firstChild.nodeValue = shown;
      count.hidden = n === 0;
    }
  };
  let timer = 0;
  let asked: AbortController | null = null;
  const ask = () => {
    clearTimeout(timer);
    asked?.abort();
    // Hidden: no ask, and none scheduled by the one just cancelled; coming back into view asks again.
    asked = null;
    if (doc.visibilityState !== "visible" || !doc.querySelector("[data-testid=bell]")) return;
    const mine = new AbortController();
    asked = mine;
    fetch(o.url, { cache: "no-cache", signal: mine.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { unread?: unknown } | null) => {
        if (typeof body?.unread === "number") show(body.unread);
      })
      .catch(() => {})
      .finally(() => {
        if (asked === mine) timer = window.setTimeout(ask, o.every);
      });
  };
  timer = window.setTimeout(ask, o.every);
  doc.addEventListener("visibilitychange", ask);
  addEventListener(o.changed, ask);
}

/** The script's text, with the bell's words and address. */
export function headerScript(o: Options): string {
  // JSON inside a script: "<" is escaped so no value can close the element.
  return `(${enhance.toString()})(${JSON.stringify(o).replace(/</g, "\\u003c")});`;
}
