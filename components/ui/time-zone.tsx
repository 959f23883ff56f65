"use client";
// The business's time zone for every component that shows a moment: set once by the root
// layout from the business profile, read with useTimeZone() or shown by <DateTime>.
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_TIME_ZONE, formatDateTime, formatTimeRange } from "@/lib/format";

const TimeZone = createContext(DEFAULT_TIME_ZONE);

export function TimeZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return <TimeZone value={zone}>{children}</TimeZone>;
}

export function useTimeZone(): string {
  return useContext(TimeZone);
}

/** A moment in the business's time zone, as a <time> element. */
export function DateTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatDateTime(iso, useTimeZone())}
    </time>
  );
}

/** From one moment to another in the business's time zone ("14 Mar 2025, 09:02:03–14:05:40"). */
export function TimeRange({ from, to }: { from: string; to: string }) {
  return <time dateTime={from}>{formatTimeRange(from, to, useTimeZone())}</time>;
}
