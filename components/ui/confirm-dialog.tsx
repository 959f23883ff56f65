"use client";
// A confirm dialog: asks before an action that matters, on the native <dialog> (showModal: the
// page behind is inert, Escape cancels, it is labelled by its title and described by its body).
//
//   const { confirm, dialog } = useConfirm();
//   …render {dialog} once…
//   const done = await confirm({
//     title: "Deactivate Ama Mensah?",
//     body: "They are signed out at once and can no longer sign in.",
//     confirmLabel: "Deactivate",
//     tone: "danger",                                   // optional; "primary" by default
//     onConfirm: () => saveIt(),                        // optional; runs while the dialog waits
//   });
//   if (done) toast("Ama Mensah is deactivated");
//
// Focus starts on Cancel and goes back to what had it (the trigger) when the dialog closes.
// While onConfirm runs, both buttons wait and Escape does nothing. `confirm` resolves once the
// dialog has closed: true if confirmed and onConfirm (if any) succeeded; false if cancelled or
// if onConfirm failed — then show the failure yourself (e.g. a FormAlert by the trigger).
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";

type ConfirmOptions = {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  onConfirm?: () => Promise<unknown>;
};

type Pending = ConfirmOptions & { resolve: (done: boolean) => void; returnTo: HTMLElement | null };

export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        current.current?.resolve(false);
        current.current = { ...options, resolve, returnTo };
        setPending(current.current);
      }),
    [],
  );
  const finish = useCallback((done: boolean) => {
    const p = current.current;
    current.current = null;
    setPending(null);
    if (!p) return;
    // After React has re-rendered the trigger (enabled, relabelled), not before.
    setTimeout(() => {
      if (p.returnTo?.isConnected) p.returnTo.focus();
      p.resolve(done);
    }, 0);
  }, []);
  return { confirm, dialog: <ConfirmDialog pending={pending} onFinish={finish} /> };
}

function ConfirmDialog({ pending, onFinish }: { pending: Pending | null; onFinish: (done: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const outcome = useRef(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !pending || dialog.open) return;
    outcome.current = false;
    dialog.showModal();
    cancelRef.current?.focus();
  }, [pending]);

  const onConfirm = async () => {
    if (!pending || busy) return;
    if (pending.onConfirm) {
      setBusy(true);
      try {
        await pending.onConfirm();
        outcome.current = true;
      } catch {
        outcome.current = false;
      } finally {
        setBusy(false);
      }
    } else {
      outcome.current = true;
    }
    ref.current?.close();
  };

  const danger = pending?.tone === "danger";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={pending?.body ? bodyId : undefined}
      data-testid="confirm-dialog"
      // Escape: refused while the action runs; otherwise the dialog closes as cancelled.
      onCancel={(e) => {
        if (busy) e.preventDefault();
      }}
      onClose={() => onFinish(outcome.current)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {pending ? (
        <div className="space-y-3 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {pending.title}
          </h2>
          {pending.body ? (
            <div id={bodyId} className="space-y-2 text-sm text-ink-muted">
              {pending.body}
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button ref={cancelRef} type="button" variant="secondary" disabled={busy} onClick={() => ref.current?.close()}>
              Cancel
            </Button>
            {/* aria-disabled, not disabled, while saving: focus stays on it and "Saving…" is read out. */}
            <Button type="button" variant={danger ? "danger" : "primary"} aria-disabled={busy || undefined} onClick={onConfirm}>
              {busy ? "Saving…" : pending.confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
