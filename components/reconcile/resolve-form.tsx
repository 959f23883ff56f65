// Settling a charge of the reconciliation queue by hand (./reconcile-panel.tsx shows it only for
// one): was the customer charged, and a note. Sent to the charge's page, which checks it with the
// route's schema (lib/reconcile/schema.ts) and shows it again with what to fix, or asks to confirm
// with what will be recorded (a dialog, modal once the page's script runs); only the confirmation
// writes it.
import { buttonClass } from "@/components/ui/button-class";
import { FormAlert } from "@/components/ui/form-alert";
import type { ChargePageView } from "@/lib/charge-page/types";

const FIELD_ERROR = "mt-1 text-sm text-status-failed";

export function ResolveForm({ view: v }: { view: ChargePageView }) {
  const sent = v.resolve;
  const values = sent?.values ?? { outcome: "", note: "" };
  const errors = sent?.errors ?? {};
  return (
    <>
      {sent?.confirm ? <Confirm view={v} outcome={values.outcome} note={values.note} /> : null}
      <form
        method="post"
        action={v.where.path}
        noValidate
        className="mt-5 space-y-3 border-t border-line pt-4"
        data-pending-label="Saving…"
      >
        <input type="hidden" name="intent" value="review" />
        <fieldset aria-describedby={errors.outcome ? "resolve-outcome-error" : undefined}>
          <legend className="text-sm font-medium">Was the customer charged?</legend>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="outcome" value="success" defaultChecked={values.outcome === "success"} /> Yes — mark success
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="outcome" value="failed" defaultChecked={values.outcome === "failed"} /> No — mark failed
            </label>
          </div>
          {errors.outcome ? (
            <p id="resolve-outcome-error" className={FIELD_ERROR}>
              {errors.outcome}
            </p>
          ) : null}
        </fieldset>
        <label className="block text-sm font-medium">
          Note (required)
          <textarea
            name="note"
            rows={3}
            className="mt-1 block w-full rounded-lg border border-line p-2 text-sm"
            aria-invalid={!!errors.note}
            aria-describedby={errors.note ? "resolve-note-error" : undefined}
            defaultValue={values.note}
          />
        </label>
        {errors.note ? (
          <p id="resolve-note-error" className="text-sm text-status-failed">
            {errors.note}
          </p>
        ) : null}
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <button type="submit" className={buttonClass("primary")}>
          Resolve charge…
        </button>
      </form>
    </>
  );
}

/** Asked before a resolution is written: what will be recorded; Cancel changes nothing. */
function Confirm({ view: v, outcome, note }: { view: ChargePageView; outcome: string; note: string }) {
  const success = outcome === "success";
  return (
    <dialog
      open
      data-confirm
      aria-labelledby="resolve-confirm-title"
      aria-describedby="resolve-confirm-body"
      data-testid="confirm-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="space-y-3 p-5 sm:p-6">
        <h2 id="resolve-confirm-title" className="text-lg font-semibold">
          {success ? "Mark this charge as successful?" : "Mark this charge as failed?"}
        </h2>
        <div id="resolve-confirm-body" className="space-y-2 text-sm text-ink-muted">
          {v.summary.amount} from {v.summary.phone} is recorded as{" "}
          <strong>{success ? "received: the customer was charged" : "not received: the customer was not charged"}</strong>, with your note
          and your name on its timeline. This cannot be undone.
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <form method="dialog">
            <button type="submit" data-confirm-cancel className={`${buttonClass("secondary")} w-full`}>
              Cancel
            </button>
          </form>
          <form method="post" action={v.where.path} data-pending-label="Saving…">
            <input type="hidden" name="intent" value="resolve" />
            <input type="hidden" name="outcome" value={outcome} />
            <input type="hidden" name="note" value={note} />
            <button type="submit" className={`${buttonClass(success ? "primary" : "danger")} w-full`}>
              {success ? "Mark successful" : "Mark failed"}
            </button>
          </form>
        </div>
      </div>
    </dialog>
  );
}
