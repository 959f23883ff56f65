// GET /api/notifications/unread – how many of the member's notifications are unread (the bell
// polls it). An ETag of the count: an unchanged count answers 304 with no body.
import { unreadCount } from "@/lib/notifications/queries";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route(null, {}, async (ctx) => {
  const unread = await unreadCount(ctx);
  const tag = `"u${unread}"`;
  const headers = { etag: tag, "cache-control": "private, no-cache" };
  if (ctx.req.headers.get("if-none-match") === tag) return new Response(null, { status: 304, headers });
  return Response.json({ unread }, { headers });
});
