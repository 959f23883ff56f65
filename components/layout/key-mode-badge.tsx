// TEST or LIVE, read from the upstream key's marker (lib/market/key-mode.ts): always in sight in
// the header, so nobody charges real money thinking it is a test.
import type { KeyMode } from "@/lib/market/key-mode";

const BADGE = "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide";
const TEST_TONE = "bg-status-pending-bg text-status-pending";
const LIVE_TONE = "bg-status-failed-bg text-status-failed";

export function KeyModeBadge({ mode, testId }: { mode: KeyMode; testId: string }) {
  return (
    <span
      data-testid={testId}
      title={mode === "test" ? "Test key: no real money moves" : "Live key: charges move real money"}
      className={`${BADGE} ${mode === "test" ? TEST_TONE : LIVE_TONE}`}
    >
      {mode === "test" ? "TEST" : "LIVE"}
    </span>
  );
}
