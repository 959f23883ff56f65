// POST /api/notifications/read – mark the member's own notifications read: { ids: [...] } or { all: true }
import { markRead } from "@/lib/notifications/queries";
import { markReadSchema } from "@/lib/notifications/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route(null, { body: markReadSchema }, async ({ db, member, body }) => ({
  marked: await markRead(db, member, "all" in body ? { all: true } : { ids: body.ids }),
}));
