// Every control a finger must hit, measured on the page as it stands (a11y.spec.ts, at 390 px):
// at least 44 × 44 CSS px where it can be. Exempt, as WCAG 2.5.5 exempts them: a link inside a
// sentence (its size is the text's), a control the browser draws (a checkbox or radio whose
// label, around it or beside it, is the target), and what is not shown (hidden, inside a closed
// disclosure, or for screen readers only).
import type { Page } from "@playwright/test";

export const TAP_MIN = 44;

/** "<what> (w×h)" for each control smaller than TAP_MIN in either direction. */
export async function smallTargets(page: Page, min = TAP_MIN): Promise<string[]> {
  return page.evaluate((min) => {
    const SELECTOR =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=switch], [role=option], [tabindex='0']";
    const out: string[] = [];
    const big = (r: DOMRect) => r.width >= min - 0.5 && r.height >= min - 0.5;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(SELECTOR))) {
      // A link stretched over its row by an ::after (a table's row link): the row is the target.
      const after = getComputedStyle(el, "::after");
      let target: Element = el;
      if (after.content !== "none" && after.position === "absolute") {
        let box = el.parentElement;
        while (box && getComputedStyle(box).position === "static") box = box.parentElement;
        if (box) target = box;
      }
      const r = target.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // not shown (or screen-reader only)
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      if (big(r)) continue;
      // A link in running text: its size is the sentence's.
      if (el.tagName === "A" && style.display === "inline") {
        const block = el.parentElement;
        const words = block ? (block.textContent ?? "").replace(el.textContent ?? "", "").trim() : "";
        if (words.length > 0) continue;
      }
      // A box the browser draws: its label is the target.
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        const label = el.closest("label") ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        if (label && label.getBoundingClientRect().height >= min - 0.5) continue;
      }
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      out.push(`${el.tagName.toLowerCase()} "${name}" (${Math.round(r.width)}×${Math.round(r.height)})`);
    }
    return out;
  }, min);
}
