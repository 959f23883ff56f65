"use client";
// Toasts: a short word that something happened ("Ama Mensah is now Support").
//
//   import { toast } from "@/components/ui/toast";
//   toast("Ama Mensah is now Support");
//
// `toast` works from any client code. <Toaster /> in the root layout (app/layout.tsx) is the
// app's one live region (role="status", polite), there from the first paint so that screen
// readers announce what is added to it, and kept across navigations. A toast leaves after a few
// seconds (not while the pointer or focus is on it) and has a Dismiss button; at most three show
// at once. A failure the reader must act on belongs next to what failed (ui/form-alert.tsx).
import { useEffect, useState, useSyncExternalStore } from "react";

const SHOWN_MS = 6_000;
const MAX_SHOWN = 3;

type Toast = { id: number; message: string };

// The browser's toasts, outside React so that any code may add one. The server renders none.
let toasts: Toast[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const NONE: Toast[] = [];

function set(next: Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function toast(message: string): void {
  set([...toasts, { id: ++nextId, message }].slice(-MAX_SHOWN));
}

const dismiss = (id: number) => set(toasts.filter((t) => t.id !== id));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
  const [paused, setPaused] = useState(false);
  // A dismissed toast leaves with the pointer or focus on it, and no leave or blur event follows.
  if (paused && shown.length === 0) setPaused(false);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      data-testid="toasts"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
      }}
      className="no-print pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
    >
      {shown.map((t) => (
        <ToastItem key={t.id} toast={t} paused={paused} />
      ))}
    </div>
  );
}

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismiss(toast.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id]);
  return (
    <div
      data-testid="toast"
      className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-lg border border-line bg-surface py-2 pr-2 pl-4 text-sm text-ink shadow-lg"
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="inline-flex min-h-9 shrink-0 items-center rounded-md px-2 text-sm font-medium text-ink-muted hover:bg-canvas hover:text-ink"
      >
        Dismiss
      </button>
    </div>
  );
}
