"use client";
// Shared loading and error states for route segments.
import { Button } from "./button";
import { useRequestId } from "./request-id";

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-10 text-sm text-ink-muted">
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-brand-500" />
      {label}
    </div>
  );
}

/**
 * A segment's error page. It names the id of the request that loaded the page, which the server's
 * log lines of that request carry, so support can find what went wrong (lib/http/request-id.ts).
 */
export function ErrorState({ title, message, retry }: { title: string; message: string; retry?: () => void }) {
  const requestId = useRequestId();
  return (
    <div role="alert" className="rounded-card border border-status-failed/30 bg-status-failed-bg p-5 text-status-failed">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {requestId ? (
        <p className="mt-1 text-sm">
          If it happens again, give support this reference: <code className="break-all">{requestId}</code>
        </p>
      ) : null}
      {retry ? (
        <Button variant="secondary" className="mt-4" onClick={retry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
