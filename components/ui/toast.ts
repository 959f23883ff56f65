// Toasts: a short word that something happened ("Ama Mensah is now Support").
//
//   import { toast } from "@/components/ui/toast";
//   toast("Ama Mensah is now Support");
//
// `toast` works from any client code. The region it writes into (./toast-region.tsx) is the app's
// one live region (role="status", polite), rendered by the server on every page and there from
// the first paint, so that screen readers announce what is added to it. The toasts themselves are
// a few elements this module adds and takes away: no component, nothing for a page to load or
// hydrate before the first toast. A toast leaves after a few seconds (not while the pointer or
// focus is on the region) and has a Dismiss button; at most three show at once. A failure the
// reader must act on belongs next to what failed (ui/form-alert.tsx).
export const TOAST_REGION_ID = "toasts";
/**
 * A toast for the next page (components/ui/navigation.tsx, `go(url, { toast })`), kept in the
 * tab's sessionStorage while a page served without the framework's runtime loads the next one
 * whole; that page shows it (components/layout/page-script.ts, or on an App Router page
 * components/layout/app-router-navigation.tsx) and forgets it.
 */
export const NEXT_TOAST = "momo:next-toast";
export const SHOWN_MS = 6_000;
export const MAX_SHOWN = 3;

/** A toast's look, here and in the lists' own script (components/layout/page-script.ts). */
export const TOAST_ITEM =
  "pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-lg border border-line bg-surface py-2 pr-2 pl-4 text-sm text-ink shadow-lg";
export const TOAST_DISMISS =
  "inline-flex min-h-9 shrink-0 items-center rounded-md px-2 text-sm font-medium text-ink-muted hover:bg-canvas hover:text-ink";

/** Each toast shown, with its timer while the region is not paused. */
const timers = new Map<HTMLElement, number | undefined>();
let paused = false;
const wired = new WeakSet<HTMLElement>();

function dismiss(item: HTMLElement): void {
  clearTimeout(timers.get(item));
  timers.delete(item);
  item.remove();
  // A dismissed toast leaves with the pointer or focus on it, and no leave or blur event follows.
  if (timers.size === 0) paused = false;
}

function start(item: HTMLElement): void {
  clearTimeout(timers.get(item));
  timers.set(
    item,
    window.setTimeout(() => dismiss(item), SHOWN_MS),
  );
}

function pause(on: boolean): void {
  if (paused === on) return;
  paused = on;
  for (const item of timers.keys()) {
    if (on) {
      clearTimeout(timers.get(item));
      timers.set(item, undefined);
    } else start(item);
  }
}

function wire(region: HTMLElement): void {
  if (wired.has(region)) return;
  wired.add(region);
  region.addEventListener("pointerenter", () => pause(true));
  region.addEventListener("pointerleave", () => pause(false));
  region.addEventListener("focusin", () => pause(true));
  region.addEventListener("focusout", (e) => {
    if (!region.contains(e.relatedTarget as Node | null)) pause(false);
  });
}

/** The toast left for this page by the one before, once. */
export function takeNextToast(): string | null {
  try {
    const message = sessionStorage.getItem(NEXT_TOAST);
    if (message !== null) sessionStorage.removeItem(NEXT_TOAST);
    return message;
  } catch {
    return null;
  }
}

export function toast(message: string): void {
  const region = document.getElementById(TOAST_REGION_ID);
  if (!region) return;
  wire(region);
  // Toasts of a region no longer in the page (a document replaced) are forgotten.
  for (const item of timers.keys()) if (!region.contains(item)) dismiss(item);
  const item = document.createElement("div");
  item.dataset.testid = "toast";
  item.className = TOAST_ITEM;
  const text = document.createElement("p");
  text.className = "flex-1";
  text.textContent = message;
  const button = document.createElement("button");
  button.type = "button";
  button.className = TOAST_DISMISS;
  button.textContent = "Dismiss";
  button.addEventListener("click", () => dismiss(item));
  item.append(text, button);
  region.append(item);
  timers.set(item, undefined);
  if (!paused) start(item);
  while (timers.size > MAX_SHOWN) dismiss(timers.keys().next().value as HTMLElement);
}
