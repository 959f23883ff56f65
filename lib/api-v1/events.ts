// Events through the merchant's API: what the webhooks deliver, with the same ids (each delivery's
// webhook-id) and the same payloads, newest first, so a system that missed deliveries pages back
// until it meets one it has. Only the events an endpoint may receive; never a whole number.
import "server-only";
import { and, desc, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import { cursorAt, pageOf, pastCursor, readCursor } from "@/lib/cursor";
import type { Db } from "@/lib/db/open";
import { events } from "@/lib/db/schema";
import { payloadOf } from "@/lib/webhooks";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/shape";

export async function listEvents(db: Db, q: { limit: number; cursor?: string; type?: WebhookEventType }) {
  const where: SQL[] = [q.type ? eq(events.type, q.type) : inArray(events.type, [...WEBHOOK_EVENT_TYPES])];
  const cursor = readCursor(q.cursor, "cursor");
  if (cursor) where.push(pastCursor(events.createdAt, events.id, "<", cursor));
  const found = await db
    .select({ ...getTableColumns(events), at: cursorAt(events.createdAt) })
    .from(events)
    .where(and(...where))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(q.limit + 1);
  const { rows, next } = pageOf(found, q.limit);
  const data = await Promise.all(
    rows.map(async (e) => ({
      id: e.id,
      ...(JSON.parse(await payloadOf(db, e, false)) as { type: WebhookEventType; timestamp: string; data: Record<string, unknown> }),
    })),
  );
  return { object: "list" as const, data, next_cursor: next };
}
