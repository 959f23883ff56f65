// An island's browser side (./island.tsx): its browser build (scripts/islands.mjs) calls
// mountIsland, which hydrates the place the page rendered it, with the props and the context the
// server wrote beside it, so the tree built is the one the server sent (rendered by Preact on both
// sides: ./island-server.tsx). Once hydrated, the place is
// marked `data-ready` and says so (`island-ready`): a form sent before that moment was held by the
// page's script (components/layout/island-script.ts) and is sent again now.
// The navigation's refresh (./navigation.tsx, `islands:refresh`) asks for the page again and gives
// each island its new props, keeping what the person has typed or opened, as the App Router's
// router.refresh() does for its client components.
import { hydrateRoot } from "react-dom/client";
import type { IslandContext } from "@/lib/layout/types";
import { type Island, IslandTree } from "./island";
import { REFRESH_ISLANDS } from "./navigation";

/** Each hydrated island, by its name (a page shows an island once): how to give it new props. */
const places = new Map<string, (props: object) => void>();

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What the person typed or chose before the island was hydrated: each field whose value is no
 * longer the one the page was sent with. A form's library resets its fields as it takes them
 * over (react-hook-form sets each to its default), so these are given back once it has.
 */
function typedBefore(el: HTMLElement): [Field, string][] {
  const typed: [Field, string][] = [];
  for (const field of el.querySelectorAll<Field>("input, textarea, select")) {
    if (field instanceof HTMLInputElement && ["checkbox", "radio", "file", "hidden", "submit", "button"].includes(field.type)) continue;
    const sent =
      field instanceof HTMLSelectElement
        ? ([...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? "")
        : field.defaultValue;
    if (field.value !== sent) typed.push([field, field.value]);
  }
  return typed;
}

/**
 * Gives a field its value back as if typed: the value, then the events a person's typing sends,
 * which reach the island's handlers (and the form's library) as a change.
 */
function giveBack(field: Field, value: string) {
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

function ready(el: HTMLElement, typed: Map<Field, string>, track: (e: Event) => void) {
  if (el.hasAttribute("data-ready")) return;
  el.removeEventListener("input", track, true);
  for (const [field, value] of typed) if (field.isConnected) giveBack(field, value);
  el.setAttribute("data-ready", "");
  el.dispatchEvent(new Event("island-ready", { bubbles: true }));
}

export function mountIsland<P extends object>(island: Island<P>): void {
  // The module is async (components/layout/staff-frame.tsx), and Chromium may run one it already
  // holds while the page is still being parsed, before the island is in it (seen on a phone-slow
  // CPU: the island never hydrated): then once the page is whole.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => hydrateAll(island), { once: true });
  } else hydrateAll(island);
}

function hydrateAll<P extends object>(island: Island<P>): void {
  // The development server's page, hydrated whole by Next.js: its React renders the island
  // (components/layout/island-slot.tsx).
  if (document.getElementById("__NEXT_DATA__")) return;
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${island.name}"]`)) {
    const context = JSON.parse(el.dataset.context ?? "{}") as IslandContext;
    // What was typed before, and while React hydrates.
    const typed = new Map(typedBefore(el));
    const track = (e: Event) => {
      const field = e.target as Field;
      if (field.matches?.("input, textarea, select")) typed.set(field, field.value);
    };
    el.addEventListener("input", track, true);
    const onReady = () => ready(el, typed, track);
    const tree = (props: P) => <IslandTree island={island} props={props} context={context} onReady={onReady} />;
    const root = hydrateRoot(el, tree(JSON.parse(el.dataset.props ?? "{}") as P));
    // Preact hydrates at once: the island's handlers are on its controls from here, before its
    // effects run and it is ready (components/layout/island-script.ts holds presses until then).
    el.setAttribute("data-hydrated", "");
    places.set(island.name, (props) => root.render(tree(props as P)));
  }
}

/** The page again, and each island's new props; anything else (signed out, refused) loads the page whole. */
async function refresh(): Promise<void> {
  try {
    const res = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store", redirect: "manual" });
    if (res.status !== 200) throw new Error(`the page answered ${res.status}`);
    const page = new DOMParser().parseFromString(await res.text(), "text/html");
    for (const el of page.querySelectorAll<HTMLElement>("[data-island]")) {
      places.get(el.dataset.island ?? "")?.(JSON.parse(el.dataset.props ?? "{}") as object);
    }
    freshHeader(page);
  } catch {
    location.reload();
  }
}

/**
 * The header as the server now renders it — the business's new name or logo once Settings has
 * saved them, as the App Router's refresh renders its header again — unless the person is using
 * it (a menu open, focus in it). Its script finds its elements anew (components/layout/header-script.ts);
 * the new copy's own script, parsed apart from this document, does not run.
 */
function freshHeader(page: Document): void {
  const now = document.querySelector("header");
  const fresh = page.querySelector("header");
  if (!now || !fresh || now.contains(document.activeElement) || now.querySelector(":popover-open")) return;
  const copy = document.importNode(fresh, true);
  for (const button of copy.querySelectorAll("[popovertarget]")) button.setAttribute("aria-expanded", "false");
  now.replaceWith(copy);
}

/** One ask at a time; a refresh asked for meanwhile asks once more when it is done (the newer data). */
let running = false;
let again = false;
addEventListener(REFRESH_ISLANDS, function ask() {
  if (running) {
    again = true;
    return;
  }
  running = true;
  void refresh().finally(() => {
    running = false;
    if (again) {
      again = false;
      ask();
    }
  });
});
