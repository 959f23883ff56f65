"use client";
// The one re-auth dialog, placed once by the root layout for a signed-in member. Any fetchJson
// call refused with reauth_required (a team change, ending sessions, the export's check) opens it;
// once the password (or code) is confirmed the call is retried, once. Calls refused at the same
// time share one dialog. On the native <dialog> (showModal), above a confirm dialog if one is open.
// The form itself is loaded when the dialog first opens: every signed-in page carries this
// dialog, few ever show it, and the form with its field, button and alert is a third of the
// root layout's JavaScript.
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { onReauthRequired } from "@/lib/fetch-json";

const ReauthForm = lazy(() => import("./reauth-form").then((m) => ({ default: m.ReauthForm })));

export function ReauthDialog({ minutes }: { minutes: number }) {
  const ref = useRef<HTMLDialogElement>(null);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);
  const outcome = useRef(false);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  useEffect(
    () =>
      onReauthRequired(() => {
        if (waiting.current) return waiting.current.promise;
        let resolve: (ok: boolean) => void = () => {};
        const promise = new Promise<boolean>((r) => {
          resolve = r;
        });
        waiting.current = { promise, resolve };
        outcome.current = false;
        setOpen(true);
        return promise;
      }),
    [],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const close = (ok: boolean) => {
    outcome.current = ok;
    ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="reauth-dialog"
      onClose={() => {
        setOpen(false);
        const w = waiting.current;
        waiting.current = null;
        w?.resolve(outcome.current);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <div className="space-y-3 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Confirm it’s you
          </h2>
          <p id={bodyId} className="text-sm text-ink-muted">
            This action asks for your password again when you last gave it more than {minutes} {minutes === 1 ? "minute" : "minutes"} ago.
          </p>
          <Suspense fallback={<p className="text-sm text-ink-muted">Loading…</p>}>
            <ReauthForm onDone={() => close(true)} onCancel={() => close(false)} />
          </Suspense>
        </div>
      ) : null}
    </dialog>
  );
}
