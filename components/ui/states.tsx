"use client";
// Shared loading and error states for route segments.
import { Button } from "./button";

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-10 text-sm text-ink-muted">
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-brand-500" />
      {label}
    </div>
  );
}

export function ErrorState({ title, message, retry }: { title: string; message: string; retry?: () => void }) {
  return (
    <div role="alert" className="rounded-card border border-status-failed/30 bg-status-failed-bg p-5 text-status-failed">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {retry ? (
        <Button variant="secondary" className="mt-4" onClick={retry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
