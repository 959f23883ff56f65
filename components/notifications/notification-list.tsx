"use client";
// The member's notifications, newest first: each links to what it is about (opening it marks it
// read), can be marked read on its own, or all at once; older ones page in below. The first page
// is asked again every POLL_MS while the tab is in view, so new ones arrive without a reload.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { DateTime } from "@/components/ui/time-zone";
import { usePolled } from "@/components/ui/use-polled";
import { fetchJson, sendJson } from "@/components/ui/fetch-json";
import type { NotificationPage, NotificationView } from "@/lib/notifications/view";
import { NOTIFICATIONS_CHANGED } from "./bell";

const POLL_MS = 10_000;

const load = (before?: string) =>
  fetchJson<NotificationPage>(`/api/notifications${before ? `?before=${before}` : ""}`, { cache: "no-store" });

async function markRead(body: { ids: string[] } | { all: true }, keepalive = false): Promise<void> {
  await sendJson("POST", "/api/notifications/read", body, { keepalive });
  window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
}

export function NotificationList({ initial }: { initial: NotificationPage }) {
  const first = usePolled({ initial, load: () => load(), every: () => POLL_MS });
  const [older, setOlder] = useState<{ items: NotificationView[]; nextCursor: string | null }>({ items: [], nextCursor: null });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seen = new Set(first.data.items.map((i) => i.id));
  const items = [...first.data.items, ...older.items.filter((i) => !seen.has(i.id))];
  const cursor = older.items.length ? older.nextCursor : first.data.nextCursor;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      await first.refetch();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  };
  /** Marks read on the server, then in the older pages shown (the first page is asked again). */
  const read = (ids: string[] | "all") =>
    act(async () => {
      await markRead(ids === "all" ? { all: true } : { ids });
      setOlder((o) => ({ ...o, items: o.items.map((i) => (ids === "all" || ids.includes(i.id) ? { ...i, read: true } : i)) }));
    });

  if (!items.length) {
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-ink-muted">
        Nothing yet. What concerns you will show here.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted" data-testid="unread-summary">
          {first.data.unread === 0 ? "All read." : `${first.data.unread >= 100 ? "99+" : first.data.unread} unread.`}
        </p>
        {first.data.unread > 0 ? (
          <Button variant="secondary" disabled={busy} onClick={() => read("all")}>
            Mark all read
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-status-failed">
          {problem}
        </p>
      ) : null}
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface" aria-label="Notifications">
        {items.map((n) => (
          <li key={n.id} data-testid="notification" data-read={n.read} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <p className="flex items-start gap-2">
                {n.read ? null : <span aria-hidden className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" />}
                <Link
                  href={n.href}
                  className={`tap text-link underline-offset-2 hover:underline ${n.read ? "" : "font-semibold"}`}
                  onClick={() => (n.read ? undefined : void markRead({ ids: [n.id] }, true).catch(() => {}))}
                >
                  {n.read ? null : <span className="sr-only">Unread: </span>}
                  {n.title}
                </Link>
              </p>
              <p className="mt-1 text-sm text-ink-muted">{n.detail}</p>
              <DateTime iso={n.createdAt} className="mt-1 block text-xs text-ink-muted" />
            </div>
            {n.read ? null : (
              <Button
                variant="secondary"
                className="self-start"
                disabled={busy}
                aria-label={`Mark read: ${n.title}`}
                onClick={() => read([n.id])}
              >
                Mark read
              </Button>
            )}
          </li>
        ))}
      </ul>
      {cursor ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            act(async () => {
              const page = await load(cursor);
              setOlder((o) => ({ items: [...o.items, ...page.items], nextCursor: page.nextCursor }));
            })
          }
        >
          Show older
        </Button>
      ) : null}
    </div>
  );
}
