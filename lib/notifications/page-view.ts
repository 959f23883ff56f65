// The Notifications page's decisions (pages/notifications/index.tsx and
// components/notifications/notifications-content.tsx only render them): the member's own, newest
// first, a page at a time (older pages are links), each time written in the business's zone; and
// what its forms do — Mark read, Mark all read — sent from this site only, then back to the page.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { isUuid } from "@/lib/http/request";
import { assertSameOrigin } from "@/lib/http/origin";
import { formatDateTime } from "@/lib/format";
import { listNotifications, markRead } from "./queries";
import { markReadSchema } from "./schema";

type Params = Record<string, string | string[] | undefined>;

export async function notificationsView(ctx: Asker, params: Params) {
  const before = typeof params.before === "string" && isUuid(params.before) ? params.before : undefined;
  const [page, { timeZone }] = await Promise.all([listNotifications(ctx, before), currentBusiness()]);
  return {
    items: page.items.map((n) => ({ ...n, when: formatDateTime(n.createdAt, timeZone) })),
    unread: page.unread,
    older: page.nextCursor ? `/notifications?before=${page.nextCursor}` : null,
    newest: before ? "/notifications" : null,
    /** What the page's script compares to know the list changed (components/notifications/notifications-script.ts). */
    version: [page.unread, ...page.items.map((n) => `${n.id}${n.read ? "r" : ""}`)].join(" "),
  };
}

/** What the Notifications page shows. */
export type NotificationsPageView = Awaited<ReturnType<typeof notificationsView>>;

/**
 * A form of the page, sent: `read` (one notification's id) or `all`. From another site it is
 * refused; what is not a notification of the member's marks nothing. Back to `back` (the page it
 * was sent from) either way.
 */
export async function notificationsAction(ctx: Asker, form: URLSearchParams, url: string): Promise<{ to: string } | { refused: string }> {
  try {
    assertSameOrigin(new Request(url, { method: "POST", headers: ctx.caller.headers }));
  } catch (error) {
    return { refused: (error as Error).message };
  }
  const parsed = markReadSchema.safeParse(form.has("all") ? { all: true } : { ids: form.getAll("read") });
  if (parsed.success) await markRead(ctx, "all" in parsed.data ? { all: true } : { ids: parsed.data.ids });
  const back = form.get("back");
  return { to: back === "/notifications" || back?.startsWith("/notifications?before=") ? back : "/notifications" };
}
