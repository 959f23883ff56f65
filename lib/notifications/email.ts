// Notifications by email, as each member chose on Your profile (lib/notifications/shape.ts has the
// defaults): an instant one is a job of its own (lib/events/delivery.ts); the daily digest goes at
// DIGEST_HOUR in the business's time zone, one message per member, claimed by one instance. The
// words are the bell's (./present.ts): amounts, networks and references, never a customer's number.
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/open";
import { events, notifications, user } from "@/lib/db/schema";
import { recentBusinessProfile } from "@/lib/business";
import type { Message } from "@/lib/email";
import { can, isRole } from "@/lib/access";
import { type Happened, namesFor, say } from "./present";
import { NOTIFICATION_KINDS, type NotificationKind } from "./shape";

export type Send = (to: string, message: Message) => Promise<void>;

/** At most this many notifications are listed in one digest; the rest are counted. */
const DIGEST_LIST = 50;

type Row = {
  id: string;
  memberId: string;
  email: string;
  role: string | null;
  type: NotificationKind;
  subjectId: string;
  data: Record<string, unknown>;
};

const mayStillSee = (r: Pick<Row, "role" | "type">) => isRole(r.role) && can(r.role, NOTIFICATION_KINDS[r.type].permission);

async function rowsWhere(db: Db, where: ReturnType<typeof and>): Promise<Row[]> {
  const rows = await db
    .select({
      id: notifications.id,
      memberId: notifications.memberId,
      email: user.email,
      role: user.role,
      type: events.type,
      subjectId: events.subjectId,
      data: events.data,
    })
    .from(notifications)
    .innerJoin(events, eq(events.id, notifications.eventId))
    .innerJoin(user, eq(user.id, notifications.memberId))
    .where(where)
    .orderBy(notifications.createdAt);
  return rows as Row[];
}

/**
 * One notification's instant email; marked sent after the server took it (at least once). With
 * email switched off since it was due (`send` null), it is not sent, now or later.
 */
export async function sendInstantEmail(db: Db, send: Send | null, notificationId: string): Promise<void> {
  const [row] = await rowsWhere(db, and(eq(notifications.id, notificationId), eq(notifications.emailState, "instant")));
  if (!row) return; // sent already, or never to be
  const sending = !!send && mayStillSee(row);
  if (send && sending) {
    const happened: Happened = { type: row.type, subjectId: row.subjectId, data: row.data };
    const said = say(happened, await namesFor(db, [happened]), "email");
    const business = (await recentBusinessProfile(db)).name;
    await send(row.email, {
      subject: said.title,
      business,
      heading: said.title,
      paragraphs: [said.detail, `You get this email because of your choices under Notifications on Your profile.`],
      action: { label: "Open it in the dashboard", path: said.href },
    });
  }
  await db
    .update(notifications)
    .set({ emailState: sending ? "sent" : "none", emailedAt: sending ? sql`now()` : null })
    .where(and(eq(notifications.id, notificationId), eq(notifications.emailState, "instant")));
}

/** The last DIGEST_HOUR:00 in the business's time zone at or before `now`. */
async function lastDigestTime(db: Db, timeZone: string, hour: number, now: Date): Promise<Date> {
  const [row] = rowsOf<{ due: string | Date }>(
    await db.execute(sql`
      with t as (select ((date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) + make_interval(hours => ${hour})) at time zone ${timeZone}) as t)
      select case when ${now}::timestamptz >= t then t else t - interval '1 day' end as due from t`),
  );
  return new Date(row.due);
}

/**
 * Sends each member whose digest is due (none since the last DIGEST_HOUR) one message with what
 * waited for it. A member's digest is claimed by moving their digest_sent_at in one statement, so
 * two instances never both send it; a send that fails gives the claim back for the next sweep.
 */
export async function sendDigests(db: Db, send: Send, options: { hour: number; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const business = await recentBusinessProfile(db);
  const due = await lastDigestTime(db, business.timeZone, options.hour, now);
  // A member's first digest waits for the next digest hour, as every later one does.
  await db.execute(sql`
    insert into notification_settings (member_id, digest_sent_at)
    select distinct member_id, ${due}::timestamptz from notifications where email_state = 'digest'
    on conflict (member_id) do update set digest_sent_at = coalesce(notification_settings.digest_sent_at, excluded.digest_sent_at)`);
  const claimed = rowsOf<{ member_id: string; before: string | Date }>(
    await db.execute(sql`
      update notification_settings s set digest_sent_at = ${now}::timestamptz
        from (select member_id, digest_sent_at as before from notification_settings
               where digest_sent_at < ${due}::timestamptz
                 and member_id in (select member_id from notifications where email_state = 'digest')
               for update skip locked) c
       where s.member_id = c.member_id
      returning s.member_id, c.before`),
  );
  let sent = 0;
  for (const { member_id: memberId, before } of claimed) {
    try {
      if (await sendDigest(db, send, memberId, business.name, now)) sent += 1;
    } catch (error) {
      await db.execute(
        sql`update notification_settings set digest_sent_at = ${new Date(before)}::timestamptz where member_id = ${memberId}`,
      );
      throw error;
    }
  }
  return sent;
}

async function sendDigest(db: Db, send: Send, memberId: string, business: string, now: Date): Promise<boolean> {
  const rows = await rowsWhere(
    db,
    and(eq(notifications.memberId, memberId), eq(notifications.emailState, "digest"), sql`${notifications.createdAt} <= ${now}`),
  );
  const shown = rows.filter(mayStillSee);
  if (shown.length) {
    const happened = shown.map((r) => ({ type: r.type, subjectId: r.subjectId, data: r.data }) satisfies Happened);
    const names = await namesFor(db, happened);
    const items = happened.slice(0, DIGEST_LIST).map((h) => {
      const said = say(h, names, "email");
      return { title: said.title, detail: said.detail, path: said.href };
    });
    const more = shown.length - items.length;
    await send(shown[0].email, {
      subject: `Your daily digest: ${shown.length === 1 ? "1 notification" : `${shown.length} notifications`}`,
      business,
      heading: "What happened since your last digest",
      paragraphs: more > 0 ? [`The newest are in the dashboard: ${more} more than listed here.`] : [],
      items,
      action: { label: "See all your notifications", path: "/notifications" },
    });
  }
  // Those the member's role no longer sees are not emailed, now or later.
  for (const [state, ids] of [
    ["sent", shown.map((r) => r.id)],
    ["none", rows.filter((r) => !mayStillSee(r)).map((r) => r.id)],
  ] as const) {
    if (ids.length)
      await db
        .update(notifications)
        .set({ emailState: state, emailedAt: state === "sent" ? sql`now()` : null })
        .where(inArray(notifications.id, ids));
  }
  return shown.length > 0;
}
