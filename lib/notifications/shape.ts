// The kinds of notification a member can get: who may have each (a permission of lib/access/roles),
// what it is called on Your profile, and how it is emailed until the member chooses. Plain data:
// the profile's form reads it in the browser too.
import type { EmailChoice } from "@/lib/db/notification-schema";
import { can, type Permission, type Role } from "@/lib/access";

export type { EmailChoice };

export const NOTIFICATION_KINDS = {
  "batch.awaiting_approval": { label: "A bulk batch waits for approval", permission: "batch:approve", email: "instant" },
  "batch.finished": { label: "A bulk batch you prepared finished", permission: "batch:read", email: "instant" },
  "charge.unknown": { label: "A charge's outcome became unknown", permission: "charge:reconcile", email: "daily" },
  "charge.stuck_pending": { label: "A charge stayed pending too long", permission: "charge:reconcile", email: "daily" },
  "payment_request.paid": { label: "A pay link you made was paid", permission: "request:read", email: "daily" },
  "session.new_device": { label: "A sign-in to your account from a new browser", permission: "profile:own", email: "instant" },
  "member.two_factor_reset": { label: "Your second factor was reset", permission: "profile:own", email: "instant" },
  "webhook_endpoint.disabled": { label: "A webhook endpoint was switched off", permission: "webhook:manage", email: "instant" },
} as const satisfies Record<string, { label: string; permission: Permission; email: EmailChoice }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const EMAIL_CHOICES: { value: EmailChoice; label: string }[] = [
  { value: "instant", label: "Right away" },
  { value: "daily", label: "Daily digest" },
  { value: "off", label: "Off" },
];

export function isNotificationKind(type: string): type is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, type);
}

/** The kinds a role gets (and may see now: the bell filters by it when it reads). */
export function kindsForRole(role: Role): NotificationKind[] {
  return (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).filter((k) => can(role, NOTIFICATION_KINDS[k].permission));
}
