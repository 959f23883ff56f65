// The home page's content (pages/index.tsx serves it without the framework's runtime, in
// components/layout/staff-frame.tsx): what lib/home/page-view.ts decided, as server HTML.
import { buttonClass } from "@/components/ui/button-class";
import type { HomeView } from "@/lib/home/types";
import { RecentPanel } from "./recent-panel";
import { TodayPanel } from "./today-panel";
import { WaitingPanel } from "./waiting-panel";

export function HomeContent({ view: v }: { view: HomeView }) {
  return (
    <div className="space-y-6 text-ink" data-testid="home">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Home</h1>
          <p className="mt-1 text-sm text-ink-muted" data-testid="home-day">
            {v.todayLabel}
          </p>
        </div>
        {v.canCharge ? (
          <a href="/charges/new" className={buttonClass()} data-testid="home-new-charge">
            New charge
          </a>
        ) : null}
      </div>
      <WaitingPanel items={v.waiting} />
      <TodayPanel view={v} />
      <RecentPanel view={v} />
    </div>
  );
}
