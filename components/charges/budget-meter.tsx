"use client";
// The upstream request budget left this minute, under the charge form. It refreshes every few
// seconds while the page is open, so staff are told of a busy minute (or a pause the service
// asked for) before a charge is refused; the owner may open the figures.
import { fetchJson } from "@/components/ui/fetch-json";
import { usePolled } from "@/components/ui/use-polled";
import type { BudgetStatus } from "@/lib/market/budget";
import { DateTime } from "@/components/ui/time-zone";
import { groupDigits } from "@/lib/format";

const REFRESH_MS = 5_000;

function inWords(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

function ResumeAt({ at }: { at: string }) {
  return <DateTime iso={at} />;
}

export function BudgetMeter({ initial, detail }: { initial: BudgetStatus; detail: boolean }) {
  const { data: b } = usePolled({
    initial,
    load: (signal) => fetchJson<{ budget: BudgetStatus }>("/api/budget", { signal }).then((r) => r.budget),
    every: () => REFRESH_MS,
  });
  const low = Math.ceil(b.limit * 0.1);
  const words =
    b.pausedForMs > 0 && b.pausedUntil ? (
      <p role="status" data-testid="budget-paused" className="text-status-failed">
        The mobile money service asked us to slow down: charges resume at <ResumeAt at={b.pausedUntil} /> (in {inWords(b.pausedForMs)}).
      </p>
    ) : b.left <= low ? (
      <p role="status">Busy minute: a charge may wait a moment or be refused until the minute rolls on.</p>
    ) : null;
  // Nothing to say to staff on an ordinary minute; the owner may look at the figures.
  if (!words && !detail) return null;
  return (
    <div data-testid="budget" className="mt-6 space-y-2 border-t border-line pt-4 text-sm text-ink-muted">
      {words}
      {detail ? (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-link">Charges left this minute</summary>
          <div className="flex items-baseline justify-between gap-3">
            <span id="budget-label">The mobile money service's limit for this account, shared by the whole team</span>
            <span data-testid="budget-left" className="font-semibold tabular-nums text-ink">
              {groupDigits(b.left)} of {groupDigits(b.limit)}
            </span>
          </div>
          <meter
            aria-labelledby="budget-label"
            className="mt-2 block h-2 w-full"
            min={0}
            max={b.limit}
            low={low}
            high={b.limit}
            optimum={b.limit}
            value={b.left}
          />
        </details>
      ) : null}
    </div>
  );
}
