// The app's one toast region, rendered by the server at the end of every page (app/layout.tsx) and
// kept across navigations; ./toast.ts adds the toasts to it. Empty in the server's HTML, and
// nothing of React's: React never renders anything into it.
import { TOAST_REGION_ID } from "./toast";

export function ToastRegion() {
  return (
    <div
      id={TOAST_REGION_ID}
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      data-testid="toasts"
      className="no-print pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
    />
  );
}
