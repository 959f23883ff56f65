// The script that keeps a form sent before its island is hydrated (components/ui/island-client.tsx),
// inline with the page's nonce ahead of the page's content, on every page that has islands
// (./staff-frame.tsx). A press on a form's button while the island's code is still on its way
// would otherwise send the form as the browser does with no script — a plain POST to the page,
// which does nothing — and be lost; it is held instead, and sent again, with the same button,
// once the island says it is ready. The development server hydrates the whole page, and React's
// handlers take the form as soon as it has: the script stands aside on a page that carries
// Next.js's data (`__NEXT_DATA__`). Self-contained (no imports, no closures): sent as its own text.

function hold(): void {
  const doc = document;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  doc.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement;
      const island = form.closest?.("[data-island]");
      if (!island || island.hasAttribute("data-ready") || doc.getElementById("__NEXT_DATA__")) return;
      e.preventDefault();
      held = { form, submitter: (e as SubmitEvent).submitter };
    },
    true,
  );
  doc.addEventListener("island-ready", (e) => {
    if (!held || !(e.target as Element).contains(held.form)) return;
    const { form, submitter } = held;
    held = null;
    form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
  });
}

/** The script's text. */
export function islandScript(): string {
  return `(${hold.toString()})();`;
}
