// Who is told of an event in the app (and by email, as each chose): the members it concerns whose
// role may see it (lib/notifications/shape.ts), never a deactivated member, never the member whose
// own action it was (the maker of a batch knows it waits for approval).
import "server-only";
import type { Event } from "@/lib/db/schema";
import { can, isRole } from "@/lib/access";
import { isNotificationKind, NOTIFICATION_KINDS } from "./shape";

export type ActiveMember = { id: string; role: string };
/** What an event's recipients may need beyond the event: who made a pay link. */
export type Lookups = { requestMaker: (paymentRequestId: string) => string | undefined };

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

/** The member ids to notify of `event`, from the team's active members. */
export function recipientsOf(event: Pick<Event, "type" | "subjectId" | "data">, members: ActiveMember[], lookups: Lookups): string[] {
  if (!isNotificationKind(event.type)) return [];
  const { permission } = NOTIFICATION_KINDS[event.type];
  const allowed = members.filter((m) => isRole(m.role) && can(m.role, permission));
  const only = (id: string | undefined) => allowed.filter((m) => m.id === id).map((m) => m.id);
  const d = event.data;
  switch (event.type) {
    case "batch.awaiting_approval":
      return allowed.filter((m) => m.id !== text(d.createdBy)).map((m) => m.id);
    case "batch.finished":
      return only(text(d.createdBy));
    case "payment_request.paid":
      return only(lookups.requestMaker(event.subjectId));
    case "session.new_device":
    case "member.two_factor_reset":
      return only(text(d.memberId));
    case "charge.unknown":
    case "charge.stuck_pending":
    case "webhook_endpoint.disabled":
      return allowed.map((m) => m.id);
  }
}
