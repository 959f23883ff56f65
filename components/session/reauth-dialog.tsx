"use client";
// The one re-auth dialog. Any fetchJson call refused with reauth_required (a team change, ending
// sessions, the export's check) opens it (components/ui/fetch-json.ts); once the password (or code) is
// confirmed the call is retried, once. Calls refused at the same time share one dialog. On the
// native <dialog> (showModal), above a confirm dialog if one is open.
// No page carries it: components/ui/fetch-json.ts loads this module the first time a call needs it, and
// askForProof() mounts the dialog in a root of its own at the end of <body>. Its window in
// minutes is on <body> (data-proof-minutes, app/layout.tsx).
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { createRoot } from "react-dom/client";

const ReauthForm = lazy(() => import("./reauth-form").then((m) => ({ default: m.ReauthForm })));

type Ask = () => Promise<boolean>;
let mounted: Promise<Ask> | null = null;

/** Resolves true once the member has confirmed their password (or code), false if they cancelled. */
export async function askForProof(): Promise<boolean> {
  mounted ??= new Promise<Ask>((ready) => {
    const container = document.createElement("div");
    document.body.append(container);
    const minutes = Number(document.body.dataset.proofMinutes) || 5;
    createRoot(container).render(<ReauthDialog minutes={minutes} onReady={ready} />);
  });
  return (await mounted)();
}

function ReauthDialog({ minutes, onReady }: { minutes: number; onReady: (ask: Ask) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);
  const outcome = useRef(false);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  useEffect(
    () =>
      onReady(() => {
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
    [onReady],
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
