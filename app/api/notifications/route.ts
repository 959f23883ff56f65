// GET /api/notifications?before= – the signed-in member's notifications, newest first, 20 a page,
//                                  with the unread count (any role; each sees only their own)
import { listNotifications } from "@/lib/notifications/queries";
import { notificationsQuery } from "@/lib/notifications/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route(null, { query: notificationsQuery }, (ctx) => listNotifications(ctx, ctx.query.before));
