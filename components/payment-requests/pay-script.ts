// The pay page's only script, inline with the page's nonce: the page works without it (a plain
// form, a "Check again" link), and with it the network follows the number as it is typed, a
// second press waits for the first, and a waiting attempt's page reloads itself once its status
// changes, or once the wait turns long (the page then says what to do); it stops asking when the
// page's bounded wait is over (docs/decisions/pay-page-waits.md). A few hundred bytes instead of
// the framework: the page must open fast on the cheapest phones. Self-contained (no imports, no
// closures): it is sent as its own source text.
import { PROVIDERS } from "@/lib/market/networks";

type Options = {
  /** A number's first three digits → its network's id. */
  prefixes: Record<string, string>;
  /**
   * While an attempt waits: where to ask about it, the status it has on this page, in how many ms
   * the wait turns long (null: it has), and for how many ms to keep asking at all.
   */
  watch: { url: string; status: string; longIn: number | null; watchFor: number } | null;
  /** How often to ask (ms), before the wait turns long and after. */
  every: number;
  slowly: number;
};

function enhance(o: Options): void {
  const phone = document.getElementById("pay-phone") as HTMLInputElement | null;
  const network = document.getElementById("pay-network") as HTMLSelectElement | null;
  if (phone && network) {
    let chosen = false;
    network.addEventListener("change", () => {
      chosen = true;
    });
    phone.addEventListener("input", () => {
      if (chosen) return;
      const digits = phone.value.replace(/\D/g, "").replace(/^(00)?233/, "0");
      const id = o.prefixes[digits.slice(0, 3)];
      if (id) network.value = id;
    });
  }
  const form = document.getElementById("pay-form");
  form?.addEventListener("submit", (event) => {
    const button = form.querySelector("button[type=submit]") as HTMLButtonElement | null;
    if (!button) return;
    if (button.getAttribute("aria-disabled") === "true") return event.preventDefault();
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Sending the prompt…";
  });
  const watch = o.watch;
  if (watch) {
    const start = Date.now();
    const next = () => {
      const waited = Date.now() - start;
      if (watch.longIn !== null && waited >= watch.longIn) return location.reload();
      if (waited < watch.watchFor) setTimeout(look, watch.longIn === null ? o.slowly : o.every);
    };
    const look = () =>
      fetch(watch.url, { cache: "no-store", headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? r.json() : null))
        .then((body: { attempt?: { status: string } } | null) => {
          if (body?.attempt && body.attempt.status !== watch.status) location.reload();
          else next();
        }, next);
    next();
  }
}

const PREFIXES = Object.fromEntries(PROVIDERS.flatMap((p) => p.prefixes.map((prefix) => [prefix, p.id])));

/** The script's text for a page; `watch` while an attempt waits. */
export function payScript(watch: Options["watch"]): string {
  const options: Options = { prefixes: PREFIXES, watch, every: 2_000, slowly: 10_000 };
  // JSON inside a script: "<" is escaped so no value can close the element.
  return `(${enhance.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")});`;
}
