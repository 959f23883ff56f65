// What the bell and Your profile send: notifications to mark read, and the email choices
// (zod/mini, shared by the forms and the handlers).
import * as z from "zod/mini";
import "@/lib/zod";
import { type EmailChoice, NOTIFICATION_KINDS, type NotificationKind } from "./shape";

export const markReadSchema = z.union([
  z.strictObject({
    ids: z
      .array(z.uuid("Each id must be a notification's id"))
      .check(z.minLength(1, "Name at least one notification"), z.maxLength(100, "At most 100 at once")),
  }),
  z.strictObject({ all: z.literal(true, "Send all: true to mark every notification read") }),
]);

const choice = z.enum(["off", "instant", "daily"] satisfies EmailChoice[], "Choose Right away, Daily digest or Off");

/** Every kind, each one of the three choices; kinds the member's role never gets are kept but unused. */
export const emailChoicesSchema = z.strictObject({
  email: z.strictObject(
    Object.fromEntries((Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((k) => [k, z.optional(choice)])) as Record<
      NotificationKind,
      z.ZodMiniOptional<typeof choice>
    >,
  ),
});

export type EmailChoicesInput = z.infer<typeof emailChoicesSchema>;

/** GET /api/notifications: the page before a notification (its id). */
export const notificationsQuery = z.object({ before: z.optional(z.uuid("Must be a notification's id")) });
