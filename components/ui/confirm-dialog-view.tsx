"use client";
// The confirm dialog's view, loaded by useConfirm (./confirm-dialog.tsx) when it first asks.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "./button";

export type ConfirmOptions = {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  onConfirm?: () => Promise<unknown>;
};

export type Pending = ConfirmOptions & { resolve: (done: boolean) => void; returnTo: HTMLElement | null };

export default function ConfirmDialog({ pending, onFinish }: { pending: Pending; onFinish: (done: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const outcome = useRef(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  // Mounted only while a question is asked (./confirm-dialog.tsx): it opens as it mounts.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    outcome.current = false;
    dialog.showModal();
    cancelRef.current?.focus();
  }, []);

  const onConfirm = async () => {
    if (busy) return;
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

  const danger = pending.tone === "danger";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={pending.body ? bodyId : undefined}
      data-testid="confirm-dialog"
      // Escape: refused while the action runs; otherwise the dialog closes as cancelled.
      onCancel={(e) => {
        if (busy) e.preventDefault();
      }}
      onClose={() => onFinish(outcome.current)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
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
    </dialog>
  );
}
