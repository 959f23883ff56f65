import type { ReactNode } from "react";

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed">
      {children}
    </div>
  );
}
