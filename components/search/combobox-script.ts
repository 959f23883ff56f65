// The search boxes' list of matches as one types: the ARIA combobox pattern (a box that controls a
// listbox), sent inline with the header's script (components/layout/site-header.tsx). Without it
// each box is a plain GET form to /search, whose page lists the matches; with it:
// - after a short pause in typing, GET `url`?q= (lib/search/suggestions.ts) and show its matches
//   under the box, grouped by kind, with "All results" last (the results page);
// - ↓ and ↑ move through them (the box keeps the focus; aria-activedescendant names the one),
//   Enter opens the one chosen or, with none chosen, the results page as the form does; Escape
//   closes the list; a click or tap opens a match;
// - a status region says how many matched, or why nothing was; an answer that does not come, or
//   comes as an error, says so in the list, the results page still one Enter away.
// Every word comes from the server and is inserted as text, never as markup. Each search is asked
// once per page (the hourly limit of searches by number counts each ask). A box React renders
// again is enhanced again when focused.
// Self-contained (no imports but a type, no closures): it is sent as its own source text.
import type { Suggestions as Answer } from "@/lib/search/types";

type Options = {
  url: string;
  /** The ids of the boxes it enhances (the header's, the results page's). */
  boxes: string[];
  /** Fewer characters than this ask nothing. */
  min: number;
  /** The pause in typing before asking, in ms. */
  wait: number;
};

function enhanceSearch(o: Options): void {
  const doc = document;
  const asked = new Map<string, Answer>();
  let box: HTMLInputElement | null = null;
  let timer = 0;
  let pending: AbortController | null = null;
  let options: HTMLElement[] = [];
  let active = -1;

  const el = (tag: string, className: string, text?: string) => {
    const e = doc.createElement(tag);
    e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  // One list and one status region for every box: only the focused box shows a list, inside the
  // box's own search landmark (fixed to the window, under the box).
  const popup = el("div", "fixed z-40 rounded-lg border border-line bg-surface text-ink shadow-lg");
  popup.hidden = true;
  popup.dataset.testid = "search-suggestions";
  const message = el("p", "px-3 py-2 text-sm text-ink-muted");
  message.dataset.testid = "search-suggestions-message";
  const list = el("div", "overflow-y-auto py-1");
  list.id = "search-suggestions-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Matches");
  popup.append(message, list);
  const status = el("div", "sr-only");
  status.setAttribute("role", "status");
  const attach = () => {
    if (!popup.isConnected) doc.body.append(popup);
    if (!status.isConnected) doc.body.append(status);
  };

  const place = () => {
    if (!box || popup.hidden) return;
    const r = box.getBoundingClientRect();
    const width = Math.min(Math.max(r.width, 448), innerWidth - 16);
    popup.style.top = `${r.bottom + 4}px`;
    popup.style.left = `${Math.max(8, Math.min(r.left, innerWidth - width - 8))}px`;
    popup.style.width = `${width}px`;
    list.style.maxHeight = `${Math.max(160, Math.min(innerHeight * 0.6, innerHeight - r.bottom - 24))}px`;
  };
  const choose = (i: number) => {
    active = i;
    for (const [n, opt] of options.entries()) opt.setAttribute("aria-selected", String(n === i));
    if (!box) return;
    if (i < 0) box.removeAttribute("aria-activedescendant");
    else {
      box.setAttribute("aria-activedescendant", options[i].id);
      options[i].scrollIntoView({ block: "nearest" });
    }
  };
  const close = () => {
    clearTimeout(timer);
    pending?.abort();
    pending = null;
    popup.hidden = true;
    options = [];
    choose(-1);
    box?.setAttribute("aria-expanded", "false");
    box?.removeAttribute("aria-busy");
  };
  const open = () => {
    if (!box) return;
    // Within the box's landmark, so that nothing of the page is outside one.
    const home = box.closest("search") ?? doc.body;
    if (popup.parentElement !== home) home.append(popup);
    popup.hidden = false;
    box.setAttribute("aria-expanded", "true");
    place();
  };
  const go = (href: string) => {
    close();
    if (/^\/(?![/\\])/.test(href)) location.assign(href); // only a page of this site, never "//…"
  };

  const show = (q: string, a: Answer | null) => {
    list.replaceChildren();
    options = [];
    const add = (parent: HTMLElement, href: string, label: string, detail: string | null) => {
      const opt = el("div", "mx-1 cursor-pointer rounded-md px-2 py-2 aria-selected:bg-brand-50");
      opt.id = `search-suggestion-${options.length}`;
      opt.setAttribute("role", "option");
      opt.setAttribute("aria-selected", "false");
      opt.dataset.href = href;
      opt.append(el("span", "block truncate text-sm font-medium", label));
      if (detail) opt.append(el("span", "block truncate text-xs text-ink-muted", detail));
      parent.append(opt);
      options.push(opt);
    };
    for (const [g, group] of (a?.groups ?? []).entries()) {
      const wrap = el("div", "pb-1");
      wrap.setAttribute("role", "group");
      const title = el("div", "px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-ink-muted", group.title);
      title.id = `search-suggestions-group-${g}`;
      title.setAttribute("role", "presentation");
      wrap.setAttribute("aria-labelledby", title.id);
      wrap.append(title);
      for (const item of group.items) add(wrap, item.href, item.label, item.detail);
      list.append(wrap);
    }
    const all = a?.all ?? `/search?${new URLSearchParams({ q })}`;
    add(list, all, `All results for “${q}”`, null);
    const words = a ? a.message : "The matches could not be loaded. Press Enter for the results page.";
    message.textContent = words ?? "";
    message.hidden = !words;
    status.textContent = a?.count ?? words ?? "";
    choose(-1);
    open();
  };

  const ask = (input: HTMLInputElement) => {
    const q = input.value.trim();
    if (q.length < o.min) return close();
    const known = asked.get(q);
    if (known) return show(q, known);
    pending?.abort();
    const mine = new AbortController();
    pending = mine;
    input.setAttribute("aria-busy", "true");
    fetch(`${o.url}?${new URLSearchParams({ q })}`, { signal: mine.signal, headers: { accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<Answer>) : null))
      .catch(() => null)
      .then((a) => {
        if (mine.signal.aborted || box !== input || input.value.trim() !== q) return;
        if (a) {
          if (asked.size >= 50) asked.clear();
          asked.set(q, a);
        }
        show(q, a);
      })
      .finally(() => {
        if (pending === mine) {
          pending = null;
          input.removeAttribute("aria-busy");
        }
      });
  };

  const enhance = (input: HTMLInputElement) => {
    if (input.getAttribute("role") === "combobox") return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);
  };
  const boxOf = (t: EventTarget | null) => (t instanceof HTMLInputElement && o.boxes.includes(t.id) ? t : null);

  doc.addEventListener("focusin", (e) => {
    const input = boxOf(e.target);
    if (!input) return;
    attach();
    enhance(input);
    if (box !== input) close();
    box = input;
  });
  doc.addEventListener("focusout", (e) => {
    if (boxOf(e.target) && e.target === box) close();
  });
  doc.addEventListener("input", (e) => {
    const input = boxOf(e.target);
    if (!input) return;
    clearTimeout(timer);
    if (input.value.trim().length < o.min) return close();
    timer = window.setTimeout(() => ask(input), o.wait);
  });
  doc.addEventListener("keydown", (e) => {
    const input = boxOf(e.target);
    if (!input || input !== box || e.isComposing) return;
    const n = options.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (popup.hidden) {
        ask(input);
        return;
      }
      if (!n) return;
      choose(e.key === "ArrowDown" ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
    } else if (e.key === "Enter" && !popup.hidden && active >= 0) {
      e.preventDefault();
      go(options[active].dataset.href as string);
    } else if (e.key === "Escape" && !popup.hidden) {
      e.preventDefault();
      close();
    }
  });
  // The box keeps the focus when a match is pressed; the click opens it.
  popup.addEventListener("mousedown", (e) => e.preventDefault());
  popup.addEventListener("click", (e) => {
    const opt = (e.target as Element).closest<HTMLElement>("[role=option]");
    if (opt?.dataset.href) go(opt.dataset.href);
  });
  addEventListener("resize", place);
  addEventListener("scroll", place, { capture: true, passive: true });
  addEventListener("pageshow", (e) => {
    if (e.persisted) close();
  });
  // Each box is a combobox from the start (the header's is parsed before this runs; the results
  // page's box later); the list is added to the page once it is parsed.
  const enhanceAll = () => {
    for (const id of o.boxes) {
      const input = doc.getElementById(id);
      if (input instanceof HTMLInputElement) enhance(input);
    }
  };
  const ready = () => {
    attach();
    enhanceAll();
    box = boxOf(doc.activeElement) ?? box; // a box focused before this ran (typed into while the page loaded)
  };
  enhanceAll();
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", ready);
  else ready();
}

/** The script's text, with the address it asks and its timings. */
export function searchScript(o: Options): string {
  // JSON inside a script: "<" is escaped so no value can close the element.
  return `(${enhanceSearch.toString()})(${JSON.stringify(o).replace(/</g, "\\u003c")});`;
}

export const SEARCH_SCRIPT: Options = { url: "/api/search", boxes: ["site-search", "search-page-q"], min: 2, wait: 180 };
