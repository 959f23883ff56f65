// GET /api/notifications?before= – the signed-in member's notifications, newest first, 20 a page,
//                                  with the unread count (any role; each sees only their own)
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";
import { listNotifications } from "@/lib/notifications/queries";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route(null, {}, async ({ db, member, url }) => {
  const before = url.searchParams.get("before");
  if (before !== null && !isUuid(before))
    throw new AppError("invalid_request", undefined, { fields: { before: "Must be a notification's id" } });
  return listNotifications(db, member, before ?? undefined);
});
