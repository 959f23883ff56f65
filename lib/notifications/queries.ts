// A member's notifications: the newest first, how many are unread, marking them read. Only their
// own, and only the kinds their role may see now (a member moved from owner to staff stops seeing
// batches awaiting approval, which were written while they could).
import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/open";
import { events, notifications } from "@/lib/db/schema";
import type { Asker, Member, Reader } from "@/lib/access/types";
import { type Happened, namesFor, say } from "./present";
import { kindsForRole, type NotificationKind } from "./shape";
import type { NotificationPage, NotificationView } from "./view";

export const PAGE_SIZE = 20;
/** The bell counts up to this many ("99+" beyond). */
export const COUNT_CAP = 100;

const visible = (member: Pick<Member, "id" | "role">) =>
  sql`${notifications.memberId} = ${member.id} and ${events.type} in ${kindsForRole(member.role)}`;

export async function unreadCount({ db, member }: Reader): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select 1 from ${notifications} join ${events} on ${events.id} = ${notifications.eventId}
         where ${visible(member)} and ${notifications.readAt} is null
         limit ${COUNT_CAP}) unread`),
  );
  return row?.n ?? 0;
}

/** The newest PAGE_SIZE notifications, older than `before` (a notification's id) when given. */
export async function listNotifications({ db, member }: Reader, before?: string): Promise<NotificationPage> {
  const older = before
    ? sql`and (${notifications.createdAt}, ${notifications.id}) <
          (select created_at, id from ${notifications} where id = ${before} and member_id = ${member.id})`
    : sql``;
  const rows = await db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      type: events.type,
      subjectId: events.subjectId,
      data: events.data,
    })
    .from(notifications)
    .innerJoin(events, eq(events.id, notifications.eventId))
    .where(sql`${visible(member)} ${older}`)
    .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`)
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const happened = page.map((r) => ({ type: r.type as NotificationKind, subjectId: r.subjectId, data: r.data }) satisfies Happened);
  const names = await namesFor(db, happened);
  const items: NotificationView[] = page.map((r, i) => ({
    id: r.id,
    kind: r.type as NotificationKind,
    ...say(happened[i], names),
    createdAt: r.createdAt.toISOString(),
    read: !!r.readAt,
  }));
  return { items, unread: await unreadCount({ db, member }), nextCursor: rows.length > PAGE_SIZE ? page[page.length - 1].id : null };
}

/** Marks the member's own notifications read: those named, or all. Returns how many changed. */
export async function markRead({ db, member }: Asker, which: { ids: string[] } | { all: true }): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.memberId, member.id),
        isNull(notifications.readAt),
        "ids" in which ? inArray(notifications.id, which.ids.length ? which.ids : ["00000000-0000-0000-0000-000000000000"]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}
