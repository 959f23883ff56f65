// Each member's email choices: for every kind their role gets, Right away, Daily digest or Off
// (./shape.ts has the defaults until they choose). Only their own.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { type EmailChoice, notificationSettings } from "@/lib/db/schema";
import type { Asker, Reader } from "@/lib/access/types";
import type { EmailChoicesInput } from "./schema";
import { kindsForRole, NOTIFICATION_KINDS, type NotificationKind } from "./shape";

export type EmailChoiceView = { kind: NotificationKind; label: string; choice: EmailChoice };

export async function emailChoicesOf({ db, member }: Reader): Promise<EmailChoiceView[]> {
  const [row] = await db
    .select({ email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.memberId, member.id));
  return kindsForRole(member.role).map((kind) => ({
    kind,
    label: NOTIFICATION_KINDS[kind].label,
    choice: row?.email[kind] ?? NOTIFICATION_KINDS[kind].email,
  }));
}

/** Saves the choices given (others keep theirs); kinds the member's role never gets are ignored. */
export async function saveEmailChoices({ db, member }: Asker, input: EmailChoicesInput): Promise<EmailChoiceView[]> {
  const allowed = new Set(kindsForRole(member.role));
  const given = Object.fromEntries(Object.entries(input.email).filter(([k, v]) => v && allowed.has(k as NotificationKind)));
  await db
    .insert(notificationSettings)
    .values({ memberId: member.id, email: given })
    .onConflictDoUpdate({
      target: notificationSettings.memberId,
      set: { email: sql`${notificationSettings.email} || ${JSON.stringify(given)}::jsonb`, updatedAt: sql`now()` },
    });
  return emailChoicesOf({ db, member });
}
