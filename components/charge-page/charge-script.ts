// A charge's page's own script (pages/transactions/[id].tsx), inline with the page's nonce after
// the frame's (components/layout/page-script.ts). The page works without it: its forms are sent
// to the page, "Check again" is a link. With it:
// - after the charge form, the result's heading takes the focus (components/charges/charge-result-focus.ts);
// - a form is sent once (a second press waits for the first) and says it is on its way;
// - the confirmation the page asks before a hand resolution is modal, Cancel focused;
// - a form shown again with what to fix has its first field at fault focused; the reversal
//   form's amount takes the focus when "Record a reversal…" opens it;
// - the words a form left in the address (checked=1, reversed=1) are taken out, so a reload does
//   not say them again;
// - while the charge is open, the upstream is asked every two seconds through GET
//   /api/charges/{id} for at most RESULT_VIEW_WATCH_MS, and the page is loaded again when the
//   status moves; the notice follows the clock (past the reconciliation threshold, stopped, with
//   "Check again", which asks once more and watches again).
// Self-contained (no imports, no closures): it is sent as its own source text.
import { RESULT_HEADLINE_ID } from "@/components/charges/charge-result";
import { JUST_CHARGED } from "@/components/charges/charge-result-focus";
import type { ChargePageView } from "@/lib/charge-page/types";

type Options = {
  id: string;
  headline: string;
  justCharged: string;
  /** The address's words a form left, for the page's own use. */
  flags: string[];
  watch: ChargePageView["watch"];
  every: number;
};

function enhance(o: Options): void {
  const doc = document;
  const byId = (id: string) => doc.getElementById(id);
  try {
    if (sessionStorage.getItem(o.justCharged) === o.id) {
      sessionStorage.removeItem(o.justCharged);
      byId(o.headline)?.focus();
    }
  } catch {
    // No storage (a private window that refuses it): nothing to focus.
  }

  const here = new URL(location.href);
  for (const flag of o.flags) here.searchParams.delete(flag);
  const clean = here.pathname + here.search;
  if (clean + here.hash !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", clean + here.hash);

  const dialog = doc.querySelector<HTMLDialogElement>("dialog[data-confirm]");
  if (dialog?.open) {
    dialog.close();
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-confirm-cancel]")?.focus();
  } else doc.querySelector<HTMLElement>("form [aria-invalid=true]")?.focus();

  const sending = new Map<HTMLFormElement, { button: HTMLButtonElement | null; label: string }>();
  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (form.getAttribute("method") === "dialog") return;
    if (sending.has(form)) return event.preventDefault();
    const button = (event.submitter as HTMLButtonElement | null) ?? form.querySelector("button[type=submit]");
    sending.set(form, { button, label: button?.textContent ?? "" });
    if (button && form.dataset.pendingLabel) {
      button.setAttribute("aria-disabled", "true");
      button.textContent = form.dataset.pendingLabel;
    }
  });
  // Back to this page from the next (the browser's cache keeps it as it was): its forms may be sent again.
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const [, s] of sending) {
      s.button?.removeAttribute("aria-disabled");
      if (s.button) s.button.textContent = s.label;
    }
    sending.clear();
  });

  const reversal = doc.querySelector<HTMLDetailsElement>("details[data-reversal]");
  reversal?.addEventListener("toggle", () => {
    if (reversal.open) byId("reversal-amount")?.focus();
  });

  const watch = o.watch;
  const notice = doc.querySelector<HTMLElement>("[data-charge-notice]");
  if (!watch || !notice) return;
  const text = notice.querySelector("[data-notice-text]");
  const live = notice.querySelector<HTMLElement>("[data-notice-live]");
  const again = notice.querySelector<HTMLButtonElement>("[data-check-again]");
  const failure = doc.querySelector("[data-charge-refresh-error]");
  const due = Number(notice.dataset.due) || 0;
  let overdue = due > 0 && Date.now() >= due;
  let watching = true;
  let next: number | undefined;
  let stopAt: number | undefined;
  const show = () => {
    const pick = (late: boolean) =>
      notice.querySelector<HTMLTemplateElement>(`template[data-watching="${watching ? 1 : 0}"][data-overdue="${late ? 1 : 0}"]`);
    const words = pick(overdue) ?? pick(false);
    if (words && text) text.replaceChildren(words.content.cloneNode(true));
    if (live) live.hidden = !watching || overdue;
    if (again) again.hidden = watching;
  };
  if (due > 0 && !overdue) {
    setTimeout(() => {
      overdue = true;
      show();
    }, due - Date.now());
  }
  const watchFor = () => {
    clearTimeout(stopAt);
    stopAt = window.setTimeout(() => {
      watching = false;
      clearTimeout(next);
      show();
    }, watch.forMs);
  };
  const later = () => {
    clearTimeout(next);
    if (watching) next = window.setTimeout(look, o.every);
  };
  const look = (): Promise<void> =>
    fetch(watch.url, { cache: "no-store", headers: { Accept: "application/json" } })
      .then((r) =>
        r
          .json()
          .catch(() => null)
          .then((body: { charge?: { status: string }; error?: { message?: string } } | null) => {
            if (!r.ok || !body?.charge) throw new Error(body?.error?.message ?? `The server answered ${r.status}.`);
            return body.charge;
          }),
      )
      .then(
        (charge) => {
          if (failure) failure.textContent = "";
          if (charge.status !== watch.status) location.replace(clean);
          else later();
        },
        (error: Error) => {
          if (failure) failure.textContent = `Could not refresh this charge: ${error.message}${watching ? " Retrying…" : ""}`;
          later();
        },
      );
  again?.addEventListener("click", () => {
    watching = true;
    watchFor();
    show();
    clearTimeout(next);
    void look();
  });
  watchFor();
  later();
}

/** The script's text for a charge's page. */
export function chargeScript(view: ChargePageView): string {
  const options: Options = {
    id: view.charge.id,
    headline: RESULT_HEADLINE_ID,
    justCharged: JUST_CHARGED,
    flags: ["checked", "reversed"],
    watch: view.watch,
    every: 2_000,
  };
  // JSON inside a script: "<" is escaped so no value can close the element.
  return `(${enhance.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")});`;
}
