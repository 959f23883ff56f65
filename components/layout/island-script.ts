// The script that keeps a press made before its island is hydrated (components/ui/island-client.tsx),
// inline with the page's nonce in the <head> of every page that has islands (pages/_document.tsx):
// before the island's module tag, which React hoists to the top of <body>, so that a failed load of
// it is heard. A press on a form's button while the island's code is still on its way
// would otherwise send the form as the browser does with no script — a plain POST to the page,
// which does nothing — and be lost; a press on any other button (Revoke, Copy link) would do
// nothing at all, and a radio or a checkbox ticked would show a choice nobody saved. The last such
// press is held instead (the tick undone) and made again once the island says it is ready: the
// form sent with the same button, the control clicked. (What was typed or chosen in a text field
// or a list meanwhile the island itself gives back as it hydrates: components/ui/island-client.tsx.)
// If the island's module does not load at all, each island says so in words and a press is
// pointed at them: the wait ends, and nothing is sent.
// The development server hydrates the whole page, and React's handlers take the controls as soon
// as it has: the script stands aside on a page that carries Next.js's data (`__NEXT_DATA__`).
// Self-contained (no imports, no closures): sent as its own text.

function hold(): void {
  const doc = document;
  type Held =
    | { kind: "submit"; el: HTMLFormElement; submitter: HTMLElement | null }
    | { kind: "click"; el: HTMLButtonElement | HTMLInputElement };
  let held: Held | null = null;
  /**
   * Whether `el` is in an island whose code has not yet taken it over: not yet ready (a form is
   * sent once what was typed is given back), or for a button not yet hydrated (its handler is on).
   */
  const waiting = (el: Element, mark = "data-ready"): boolean => {
    const island = el.closest?.("[data-island]");
    return !!island && !island.hasAttribute(mark) && !island.hasAttribute("data-ready") && !doc.getElementById("__NEXT_DATA__");
  };
  doc.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement;
      if (!waiting(form)) return;
      e.preventDefault();
      held = { kind: "submit", el: form, submitter: (e as SubmitEvent).submitter };
    },
    true,
  );
  doc.addEventListener(
    "click",
    (e) => {
      const control = (e.target as Element).closest?.<HTMLButtonElement | HTMLInputElement>(
        "button, input[type=radio], input[type=checkbox]",
      );
      // A form's own button goes on to its submit, held above.
      if (
        !control ||
        (control instanceof HTMLButtonElement && control.type === "submit" && control.form) ||
        !waiting(control, "data-hydrated")
      )
        return;
      e.preventDefault();
      held = { kind: "click", el: control };
    },
    true,
  );
  // The island's module did not load (a dropped connection, a new deployment): nothing will take
  // the page's controls over, so each island not yet ready says so in words, and a press on it
  // (held as above, never sent the browser's way) is pointed at those words.
  let broken = false;
  const say = () => {
    for (const island of doc.querySelectorAll("[data-island]:not([data-ready])")) {
      let words = island.querySelector<HTMLElement>("[data-island-failed]");
      if (!words) {
        words = doc.createElement("p");
        words.setAttribute("role", "alert");
        words.setAttribute("tabindex", "-1");
        words.setAttribute("data-island-failed", "");
        words.className = "mb-4 rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed";
        words.textContent =
          "Part of this page did not load, so its buttons cannot work yet. Nothing was sent. Check your connection, then reload the page.";
        island.prepend(words);
      }
      if (held && island.contains(held.el)) words.focus();
    }
    held = null;
  };
  doc.addEventListener(
    "error",
    (e) => {
      const script = e.target as HTMLScriptElement;
      if (script.tagName !== "SCRIPT" || script.type !== "module") return;
      broken = true;
      // The module's tag comes first in <body>: its load may fail before the islands are parsed.
      if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", say, { once: true });
      else say();
    },
    true,
  );
  for (const kind of ["submit", "click"]) doc.addEventListener(kind, () => broken && held && say());
  doc.addEventListener("island-ready", (e) => {
    if (!held || !(e.target as Element).contains(held.el)) return;
    const now = held;
    held = null;
    if (now.kind === "submit") now.el.requestSubmit(now.submitter && now.el.contains(now.submitter) ? now.submitter : null);
    else now.el.click();
  });
}

/** The script's text. */
export function islandScript(): string {
  return `(${hold.toString()})();`;
}
