// The header's bell: a link to the member's notifications with how many are unread, as the server
// counted them for this page. The header's script (components/layout/header-script.ts) asks again
// while the page is open, and when the notifications page marks some read (NOTIFICATIONS_CHANGED).
const UNREAD_URL = "/api/notifications/unread";
const POLL_MS = 15_000;
/** Sent on window by whatever marks notifications read, so the count follows at once. */
export const NOTIFICATIONS_CHANGED = "momo:notifications-changed";
/** The bell's name: `{n}` is the count. */
const NAMES = { none: "Notifications, none unread", some: "Notifications, {n} unread" };

const shownCount = (n: number) => (n >= 100 ? "99+" : String(n));

export function unreadLabel(n: number): string {
  return n === 0 ? NAMES.none : NAMES.some.replace("{n}", shownCount(n));
}

/** What the header's script needs to keep the bell current. */
export const BELL_SCRIPT = { url: UNREAD_URL, every: POLL_MS, changed: NOTIFICATIONS_CHANGED, ...NAMES };

export function NotificationBell({ unread, current }: { unread: number; current: boolean }) {
  return (
    <a
      href="/notifications"
      data-testid="bell"
      aria-label={unreadLabel(unread)}
      aria-current={current ? "page" : undefined}
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
      {/* Always there, hidden at none: the script changes its text rather than adding it. */}
      <span
        aria-hidden
        hidden={unread === 0}
        data-testid="bell-count"
        className="absolute top-1 right-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-semibold text-white"
      >
        {shownCount(unread)}
      </span>
    </a>
  );
}
