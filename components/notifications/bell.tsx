"use client";
// The header's bell: a link to the member's notifications with how many are unread. It asks the
// server every POLL_MS while the tab is in view, on every navigation, and when the notifications
// page marks some read. The answer is a few bytes, and 304 when the count has not changed (the
// route's ETag, kept by the browser's cache): cheap on a phone.
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import Link from "@/components/ui/link";
import { usePolled } from "@/components/ui/use-polled";
import { fetchJson } from "@/lib/fetch-json";

const POLL_MS = 15_000;
/** Sent on window by whatever marks notifications read, so the count follows at once. */
export const NOTIFICATIONS_CHANGED = "momo:notifications-changed";

export function unreadLabel(n: number): string {
  return n === 0 ? "Notifications, none unread" : `Notifications, ${n >= 100 ? "99+" : n} unread`;
}

export function NotificationBell({ initial }: { initial: number }) {
  const polled = usePolled({
    initial,
    load: async (signal) => (await fetchJson<{ unread: number }>("/api/notifications/unread", { signal, cache: "no-cache" })).unread,
    every: () => POLL_MS,
  });
  const { refetch } = polled;
  const pathname = usePathname();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation asks again.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [pathname, refetch]);
  useEffect(() => {
    const changed = () => void refetch();
    window.addEventListener(NOTIFICATIONS_CHANGED, changed);
    return () => window.removeEventListener(NOTIFICATIONS_CHANGED, changed);
  }, [refetch]);
  const n = polled.data;
  return (
    <Link
      href="/notifications"
      data-testid="bell"
      aria-label={unreadLabel(n)}
      aria-current={pathname === "/notifications" ? "page" : undefined}
      title="Notifications"
      className="relative grid h-11 w-11 shrink-0 place-items-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink aria-[current=page]:bg-brand-50"
    >
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {n > 0 ? (
        <span
          aria-hidden
          data-testid="bell-count"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {n >= 100 ? "99+" : n}
        </span>
      ) : null}
    </Link>
  );
}
