// An invite's link by email, when email is on: sent as the owner makes (or renews) the invite,
// since only the link's digest is kept and no job could send it later. A send that fails is
// said in the answer; the owner still has the link to copy.
import "server-only";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { recentBusinessProfile } from "@/lib/business";
import { emailOn, sendMail } from "@/lib/email";
import { formatDateTime } from "@/lib/format";
import { log } from "@/lib/log";
import { createInvite, renewInvite } from "./invites";
import { ROLE_LABELS, type Role } from "@/lib/access";

/** null: email is off; true: the server took it; false: it failed (logged without the address). */
export type Emailed = boolean | null;

type Send = typeof sendMail;
type Invite = { email: string; name: string; role: Role; token: string; expiresAt: Date };

/** A new invite (lib/team/invites.ts: createInvite), its link emailed when email is on. */
export async function inviteAndEmail(asker: Asker, m: { name: string; email: string; role: Role }) {
  const made = await createInvite(asker, m);
  const emailed = await emailInvite(
    asker.db,
    { ...m, token: made.token, expiresAt: new Date(made.expiresAt) },
    asker.member,
    emailOn() ? sendMail : null,
  );
  return { ...made, emailed };
}

/** A renewed invite (renewInvite), its new link emailed when email is on. */
export async function renewAndEmail(asker: Asker, id: string) {
  const made = await renewInvite(asker, id);
  const emailed = await emailInvite(
    asker.db,
    { email: made.email, name: made.name, role: made.role, token: made.token, expiresAt: new Date(made.expiresAt) },
    asker.member,
    emailOn() ? sendMail : null,
  );
  return { ...made, emailed };
}

export async function emailInvite(db: Db, invite: Invite, inviter: { name: string }, send: Send | null): Promise<Emailed> {
  if (!send) return null;
  const business = await recentBusinessProfile(db);
  const team = business.name ? `the ${business.name} team` : "a team";
  try {
    await send(invite.email, {
      subject: `${inviter.name} invited you to ${team} on Momo Dashboard`,
      business: business.name,
      heading: `Join ${team}`,
      paragraphs: [
        `Hello ${invite.name}, ${inviter.name} invited you to ${team} as ${ROLE_LABELS[invite.role]}.`,
        `The link works once and expires ${formatDateTime(invite.expiresAt.toISOString(), business.timeZone)}. If you did not expect it, ignore this email.`,
      ],
      action: { label: "Accept the invitation", path: `/invite/${invite.token}` },
    });
    return true;
  } catch (error) {
    log("error", "invite_email_failed", { error: error instanceof Error ? error.name : "error" });
    return false;
  }
}
