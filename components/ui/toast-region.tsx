// The app's one toast region, rendered by the server at the end of every page (app/layout.tsx) and
// kept across navigations; ./toast.ts adds the toasts to it. Empty in the server's HTML, and
// nothing of React's: React never renders anything into it.
import { TOAST_REGION_ID } from "./toast";

/** `first`: a toast a page served without the framework's runtime opens with (components/layout/page-script.ts shows it). */
export function ToastRegion({ first }: { first?: string | null } = {}) {
  return (
    <div
      id={TOAST_REGION_ID}
      data-first={first ?? undefined}
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      data-testid="toasts"
      className="no-print pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
    />
  );
}
