// POST /api/notifications/read – mark the member's own notifications read: { ids: [...] } or { all: true }
import { markRead } from "@/lib/notifications/queries";
import { markReadSchema } from "@/lib/notifications/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route(null, { body: markReadSchema }, async (ctx) => ({
  marked: await markRead(ctx, "all" in ctx.body ? { all: true } : { ids: ctx.body.ids }),
}));
