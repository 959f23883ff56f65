// The dispatcher: takes outbox events nobody has taken yet and, in one transaction, writes what
// each channel must do with them — a notification per member it concerns (with its email state,
// as the member chose) and a delivery per webhook endpoint that listens for its type — then marks
// the events dispatched. Rows are locked with SKIP LOCKED, so two instances never take the same
// event, and the unique keys (member, event) and (endpoint, event) make a second pass over an
// event write nothing. What is written here is then sent by the job queue (./delivery.ts).
import "server-only";
import { inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/open";
import {
  type EmailChoice,
  type Event,
  events,
  notifications,
  notificationSettings,
  paymentRequests,
  user,
  webhookDeliveries,
  webhookEndpoints,
} from "@/lib/db/schema";
import { recipientsOf } from "@/lib/notifications";
import { NOTIFICATION_KINDS, isNotificationKind } from "@/lib/notifications/shape";

/** Events taken per transaction. */
const TAKE = 100;

export type Dispatched = { events: number; notifications: number; deliveryIds: string[]; instantEmailIds: string[] };

const EMAIL_STATE = { instant: "instant", daily: "digest", off: "none" } as const satisfies Record<EmailChoice, string>;

/**
 * `onTaken`: what else must happen once per event, in the same transaction (start-up plugs in the
 * pay links' places given back for a payment that succeeded: lib/payment-requests/paid.ts).
 */
export type DispatchOptions = { emailOn: boolean; onTaken?: (tx: DbOrTx, taken: Event[]) => Promise<void> };

export async function dispatchEvents(db: Db, options: DispatchOptions): Promise<Dispatched> {
  return db.transaction(async (tx) => {
    const taken: Event[] = await tx
      .select()
      .from(events)
      .where(isNull(events.dispatchedAt))
      .orderBy(events.createdAt)
      .limit(TAKE)
      .for("update", { skipLocked: true });
    if (!taken.length) return { events: 0, notifications: 0, deliveryIds: [], instantEmailIds: [] };

    const members = await tx.select({ id: user.id, role: user.role }).from(user).where(sql`coalesce(${user.banned}, false) = false`);
    const requestIds = taken.filter((e) => e.type === "payment_request.paid").map((e) => e.subjectId);
    const makers = new Map(
      requestIds.length
        ? (
            await tx
              .select({ id: paymentRequests.id, by: paymentRequests.createdBy })
              .from(paymentRequests)
              .where(inArray(paymentRequests.id, requestIds))
          ).map((r) => [r.id, r.by])
        : [],
    );
    const active = members.map((m) => ({ id: m.id, role: m.role ?? "" }));
    const wanted = taken.map((e) => ({ event: e, to: recipientsOf(e, active, { requestMaker: (id) => makers.get(id) }) }));
    const choices = await emailChoices(tx, [...new Set(wanted.flatMap((w) => w.to))]);

    const rows = wanted.flatMap(({ event, to }) =>
      to.map((memberId) => {
        const kind = isNotificationKind(event.type) ? NOTIFICATION_KINDS[event.type] : null;
        const choice = choices.get(memberId)?.[event.type] ?? kind?.email ?? "off";
        return { memberId, eventId: event.id, createdAt: event.createdAt, emailState: options.emailOn ? EMAIL_STATE[choice] : "none" };
      }),
    );
    const made = rows.length
      ? await tx
          .insert(notifications)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: notifications.id, emailState: notifications.emailState })
      : [];

    const endpoints = await tx
      .select({ id: webhookEndpoints.id, types: webhookEndpoints.eventTypes })
      .from(webhookEndpoints)
      .where(isNull(webhookEndpoints.disabledAt));
    const deliveries = taken.flatMap((e) =>
      endpoints.filter((p) => p.types.includes(e.type)).map((p) => ({ endpointId: p.id, eventId: e.id })),
    );
    const queued = deliveries.length
      ? await tx.insert(webhookDeliveries).values(deliveries).onConflictDoNothing().returning({ id: webhookDeliveries.id })
      : [];

    await options.onTaken?.(tx, taken);
    await tx
      .update(events)
      .set({ dispatchedAt: sql`now()` })
      .where(
        inArray(
          events.id,
          taken.map((e) => e.id),
        ),
      );
    return {
      events: taken.length,
      notifications: made.length,
      deliveryIds: queued.map((q) => q.id),
      instantEmailIds: made.filter((m) => m.emailState === "instant").map((m) => m.id),
    };
  });
}

async function emailChoices(tx: DbOrTx, memberIds: string[]) {
  if (!memberIds.length) return new Map<string, Record<string, EmailChoice>>();
  const rows = await tx
    .select({ id: notificationSettings.memberId, email: notificationSettings.email })
    .from(notificationSettings)
    .where(inArray(notificationSettings.memberId, memberIds));
  return new Map(rows.map((r) => [r.id, r.email]));
}
