// A moment written in the business's time zone, given: a plain component, so a server component
// shows it as server HTML (no script, no Intl work on the phone). Client components that have no
// zone at hand read it from the root layout's provider instead (./time-zone.tsx).
import { formatDateTime, formatTimeRange } from "@/lib/format";

/** A moment in `zone`, as a <time> element. */
export function DateTime({ iso, zone, className }: { iso: string; zone: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatDateTime(iso, zone)}
    </time>
  );
}

/** From one moment to another in `zone` ("14 Mar 2025, 09:02:03–14:05:40"). */
export function TimeRange({ from, to, zone }: { from: string; to: string; zone: string }) {
  return <time dateTime={from}>{formatTimeRange(from, to, zone)}</time>;
}
