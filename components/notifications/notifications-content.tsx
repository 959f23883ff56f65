// The Notifications page's content (pages/notifications/index.tsx serves it without the framework's
// runtime, in components/layout/staff-frame.tsx): what lib/notifications/page-view.ts decided, as
// server HTML. Each links to what it is about; Mark read and Mark all read are forms sent to the
// page (303 back); older ones are the next page's link. With the page's script
// (./notifications-script.ts) the list follows new ones without a reload, the forms are sent
// without leaving the page, and opening one marks it read.
import { buttonClass } from "@/components/ui/button-class";
import { PageTitle } from "@/components/ui/card";
import { CursorNav } from "@/components/ui/cursor-nav";
import type { NotificationsPageView } from "@/lib/notifications/types";

/** The element the page's script replaces with the same element of the page asked again. */
export const NOTIFICATIONS_REGION = "notifications-live";

export function NotificationsContent({ view: v, url }: { view: NotificationsPageView; url: string }) {
  const back = <input type="hidden" name="back" value={url} />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle
        description={
          <>
            What concerns you, as it happens. Choose which also come by email on{" "}
            <a href="/profile#notifications" className="text-link underline">
              Your profile
            </a>
            .
          </>
        }
      >
        Notifications
      </PageTitle>
      <div id={NOTIFICATIONS_REGION} data-version={v.version}>
        {!v.items.length ? (
          <p className="rounded-lg border border-dashed border-line p-6 text-center text-ink-muted">
            Nothing yet. What concerns you will show here.
          </p>
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-ink-muted" data-testid="unread-summary" tabIndex={-1}>
                {v.unread === 0 ? "All read." : `${v.unread >= 100 ? "99+" : v.unread} unread.`}
              </p>
              {v.unread > 0 ? (
                <form method="post" action="/notifications" data-live-form>
                  <input type="hidden" name="all" value="1" />
                  {back}
                  <button type="submit" className={buttonClass("secondary")}>
                    Mark all read
                  </button>
                </form>
              ) : null}
            </div>
            <ul className="divide-y divide-line rounded-lg border border-line bg-surface" aria-label="Notifications">
              {v.items.map((n) => (
                <li key={n.id} data-testid="notification" data-read={n.read} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <p className="flex items-start gap-2">
                      {n.read ? null : <span aria-hidden className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" />}
                      <a
                        href={n.href}
                        data-unread={n.read ? undefined : n.id}
                        className={`tap text-link underline-offset-2 hover:underline ${n.read ? "" : "font-semibold"}`}
                      >
                        {n.read ? null : <span className="sr-only">Unread: </span>}
                        {n.title}
                      </a>
                    </p>
                    <p className="mt-1 text-sm text-ink-muted">{n.detail}</p>
                    <time dateTime={n.createdAt} className="mt-1 block text-xs text-ink-muted">
                      {n.when}
                    </time>
                  </div>
                  {n.read ? null : (
                    <form method="post" action="/notifications" data-live-form className="self-start">
                      <input type="hidden" name="read" value={n.id} />
                      {back}
                      <button type="submit" className={buttonClass("secondary")} aria-label={`Mark read: ${n.title}`}>
                        Mark read
                      </button>
                    </form>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <CursorNav back={v.newest} on={v.older} backLabel="← Newest" onLabel="Older →" />
      </div>
    </div>
  );
}
