import type { ReactNode } from "react";
import { requirePage } from "@/lib/auth/guards";

// Checked here, outside the segment's loading boundary, so a refusal is a real 307 or 403.
// The panel carries this page's dark-mode surface: only Insights follows prefers-color-scheme
// for now, so the rest of the app keeps its light look.
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePage("insight:read", "/insights");
  return (
    <div
      data-testid="insights-panel"
      className="space-y-6 rounded-card text-ink dark:-mx-4 dark:bg-slate-950 dark:px-4 dark:py-6 dark:text-slate-100 sm:dark:px-6"
    >
      {children}
    </div>
  );
}
