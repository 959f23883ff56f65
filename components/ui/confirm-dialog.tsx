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
// The dialog itself (./confirm-dialog-view.tsx) is loaded the first time it is asked for: a page
// that may ask carries only this hook until then.
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import type { ConfirmOptions, Pending } from "./confirm-dialog-view";

const ConfirmDialog = lazy(() => import("./confirm-dialog-view"));

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
  return {
    confirm,
    dialog: pending ? (
      <Suspense fallback={null}>
        <ConfirmDialog pending={pending} onFinish={finish} />
      </Suspense>
    ) : null,
  };
}
