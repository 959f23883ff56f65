// The Notifications page's own script, inline with the page's nonce beside the header's and the
// frame's (components/layout/header-script.ts, page-script.ts). The page works without it: its
// forms are sent to the page and answered 303 back, its older pages are links. With it:
// - every `every` ms while the tab is in view (and when it comes back into view) the page is asked
//   again, and the list (`region`) is replaced when its version (the unread count and each shown
//   notification's id and state) has changed: new ones arrive without a reload;
// - Mark read and Mark all read are sent the same way, without leaving the page: the answer is the
//   page itself (the 303 followed), whose list replaces this one; the bell is told (`changed`, on
//   window) and the focus goes to the unread count;
// - opening an unread one marks it read (`api`, kept alive as the next page loads).
// The development server hydrates every page, and this script stands aside when the page carries
// Next.js's data (`__NEXT_DATA__`): the forms are then sent the browser's way. Self-contained (no
// imports, no closures): it is sent as its own source text.
import { NOTIFICATIONS_CHANGED } from "./bell";
import { NOTIFICATIONS_REGION } from "./notifications-content";

type Options = { region: string; every: number; changed: string; api: string };

function enhance(o: Options): void {
  const doc = document;
  const react = () => !!doc.getElementById("__NEXT_DATA__");
  /** Replaces the list with the one of `html` (a page of the same address) when it has changed. */
  const swap = (html: string) => {
    const here = doc.getElementById(o.region);
    const next = new DOMParser().parseFromString(html, "text/html").getElementById(o.region);
    if (!here || !next || next.dataset.version === here.dataset.version) return;
    here.innerHTML = next.innerHTML;
    here.dataset.version = next.dataset.version ?? "";
  };
  let timer = 0;
  let asked: AbortController | null = null;
  const ask = () => {
    clearTimeout(timer);
    asked?.abort();
    asked = null;
    if (doc.visibilityState !== "visible" || react()) return;
    const mine = new AbortController();
    asked = mine;
    fetch(location.href, { cache: "no-store", signal: mine.signal })
      .then((r) => (r.ok ? r.text() : ""))
      .then((html) => {
        if (html) swap(html);
      })
      .catch(() => {})
      .finally(() => {
        if (asked === mine) timer = window.setTimeout(ask, o.every);
      });
  };
  timer = window.setTimeout(ask, o.every);
  doc.addEventListener("visibilitychange", ask);

  doc.addEventListener("submit", (e) => {
    const form = (e.target as Element).closest?.("form[data-live-form]") as HTMLFormElement | null;
    if (!form || react()) return;
    e.preventDefault();
    const body = new URLSearchParams();
    for (const [k, v] of new FormData(form)) body.append(k, String(v));
    for (const button of form.querySelectorAll("button")) button.disabled = true;
    fetch(form.action, { method: "POST", body })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((html) => {
        swap(html);
        dispatchEvent(new Event(o.changed));
        doc.querySelector<HTMLElement>("[data-testid=unread-summary]")?.focus();
      })
      // Not sent this way: sent the browser's way, which says what went wrong.
      .catch(() => form.submit());
  });

  doc.addEventListener("click", (e) => {
    const link = (e.target as Element).closest?.("a[data-unread]") as HTMLAnchorElement | null;
    if (!link || react()) return;
    fetch(o.api, {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ids: [link.dataset.unread] }),
    }).catch(() => {});
  });
}

/** The script's text: how often the list is asked again. */
export function notificationsScript(every: number): string {
  const o: Options = { region: NOTIFICATIONS_REGION, every, changed: NOTIFICATIONS_CHANGED, api: "/api/notifications/read" };
  // JSON inside a script: "<" is escaped so no value can close the element.
  return `(${enhance.toString()})(${JSON.stringify(o).replace(/</g, "\\u003c")});`;
}
