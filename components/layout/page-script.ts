// The one script of a list served without the framework's runtime (pages/transactions/…,
// docs/decisions/lists-without-runtime.md), inline with the page's nonce beside the header's
// (./header-script.ts). The page works without it: its filters are a GET form, its pager and
// presets links, its export a link (a stale proof leads to the /reauth page, which says why). With it:
// - a Copy button (components/ui/copy-button.tsx: `data-copy`, `data-copy-what`) copies its value
//   and says so in the page's toast region (components/ui/toast-region.tsx), as the app's toasts
//   do (components/ui/toast.ts: the same look, time on screen, pause under the pointer or focus,
//   Dismiss, at most three);
// - a toast the page opens with (`data-first` on the region), or one the page before left for it
//   (components/ui/toast.ts, NEXT_TOAST), is shown as the app's are;
// - a disclosure kept open on wide screens (components/ui/narrow-disclosure.tsx: `data-narrow`)
//   is opened there, so that its state reads "expanded" as it looks.
// The development server hydrates every page, and React's components then do all of this: the
// script stands aside when the page carries Next.js's data (`__NEXT_DATA__`), which a page without
// the runtime does not. Self-contained (no imports, no closures): it is sent as its own source text.
import { MAX_SHOWN, NEXT_TOAST, SHOWN_MS, TOAST_DISMISS, TOAST_ITEM, TOAST_REGION_ID } from "@/components/ui/toast";

type Options = { region: string; shownMs: number; max: number; item: string; dismiss: string; wide: string; nextToast: string };

function enhance(o: Options): void {
  const doc = document;
  const react = () => !!doc.getElementById("__NEXT_DATA__");

  const timers = new Map<HTMLElement, number | undefined>();
  let paused = false;
  const dismiss = (item: HTMLElement) => {
    clearTimeout(timers.get(item));
    timers.delete(item);
    item.remove();
    if (timers.size === 0) paused = false;
  };
  const start = (item: HTMLElement) => {
    clearTimeout(timers.get(item));
    timers.set(
      item,
      window.setTimeout(() => dismiss(item), o.shownMs),
    );
  };
  const pause = (on: boolean) => {
    if (paused === on) return;
    paused = on;
    for (const item of timers.keys()) {
      if (on) {
        clearTimeout(timers.get(item));
        timers.set(item, undefined);
      } else start(item);
    }
  };
  let wired = false;
  const toast = (message: string) => {
    const region = doc.getElementById(o.region);
    if (!region) return;
    if (!wired) {
      wired = true;
      region.addEventListener("pointerenter", () => pause(true));
      region.addEventListener("pointerleave", () => pause(false));
      region.addEventListener("focusin", () => pause(true));
      region.addEventListener("focusout", (e) => {
        if (!region.contains(e.relatedTarget as Node | null)) pause(false);
      });
    }
    const item = doc.createElement("div");
    item.dataset.testid = "toast";
    item.className = o.item;
    const text = doc.createElement("p");
    text.className = "flex-1";
    text.textContent = message;
    const button = doc.createElement("button");
    button.type = "button";
    button.className = o.dismiss;
    button.textContent = "Dismiss";
    button.addEventListener("click", () => dismiss(item));
    item.append(text, button);
    region.append(item);
    timers.set(item, undefined);
    if (!paused) start(item);
    while (timers.size > o.max) dismiss(timers.keys().next().value as HTMLElement);
  };

  // A toast the page opens with (a form's outcome after the page was sent again): added, so it is read out.
  const first = doc.getElementById(o.region)?.dataset.first;
  if (first && !react()) toast(first);
  // One the page before left for this one as it loaded it (components/ui/toast.ts, NEXT_TOAST).
  if (!react()) {
    try {
      const left = sessionStorage.getItem(o.nextToast);
      if (left !== null) {
        sessionStorage.removeItem(o.nextToast);
        toast(left);
      }
    } catch {}
  }

  doc.addEventListener("click", (e) => {
    const button = (e.target as Element).closest?.("button[data-copy]") as HTMLButtonElement | null;
    if (!button || react()) return;
    const text = button.dataset.copy ?? "";
    const what = button.dataset.copyWhat ?? "";
    // No clipboard (a plain-http address, or the permission refused): the text is on screen.
    navigator.clipboard
      .writeText(text)
      .then(() => toast(`Copied ${what} ${text}.`))
      .catch(() => toast(`The browser would not copy it: select ${text} and copy it by hand.`));
  });

  const wide = matchMedia(o.wide);
  const open = () => {
    if (!wide.matches || react()) return;
    for (const details of doc.querySelectorAll<HTMLDetailsElement>("details[data-narrow]")) details.open = true;
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", open);
  else open();
  wide.addEventListener("change", open);
}

/** The script's text, with the toasts' look and the width at which disclosures stay open. */
export function pageScript(wide: string): string {
  const o: Options = {
    region: TOAST_REGION_ID,
    shownMs: SHOWN_MS,
    max: MAX_SHOWN,
    item: TOAST_ITEM,
    dismiss: TOAST_DISMISS,
    wide,
    nextToast: NEXT_TOAST,
  };
  // JSON inside a script: "<" is escaped so no value can close the element.
  return `(${enhance.toString()})(${JSON.stringify(o).replace(/</g, "\\u003c")});`;
}
