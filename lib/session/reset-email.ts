// The two emails of a password reset: the link the member asked for, and the notice that their
// password was reset (whoever used a link). Both go without the asker waiting for the mail
// server: a member's answer must take as long as a stranger's. A send that fails is logged
// without the address.
import "server-only";
import { recentBusinessProfile } from "@/lib/business";
import type { Db } from "@/lib/db/open";
import type { Visitor } from "@/lib/access/types";
import type { WithAuth } from "@/lib/auth";
import { emailOn, type Message, sendMail } from "@/lib/email";
import { log } from "@/lib/log";
import { RESET_EMAIL_MINUTES, resetWithLink } from "./password-reset";

type Send = (to: string, message: Message) => Promise<void>;
type Member = { email: string; name: string };

async function send(db: Db, send: Send, to: Member, build: (business: string) => Message, kind: string): Promise<void> {
  try {
    const business = (await recentBusinessProfile(db)).name;
    await send(to.email, build(business));
  } catch (error) {
    // The error's kind only, as invite emails log it: an SMTP server's refusal quotes the address.
    log("error", "reset_email_failed", { kind, error: error instanceof Error ? error.name : "error" });
  }
}

/** The link a member asked for. Not awaited by the asker. */
export function emailResetLink(db: Db, sendMail: Send, to: Member, token: string): void {
  void send(
    db,
    sendMail,
    to,
    (business) => ({
      subject: "Reset your Momo Dashboard password",
      business,
      heading: "Reset your password",
      paragraphs: [
        `Hello ${to.name}, someone asked to reset the password of your account${business ? ` at ${business}` : ""}.`,
        `The link works once, for ${RESET_EMAIL_MINUTES} minutes. If it was not you, ignore this email: your password stays as it is.`,
      ],
      action: { label: "Choose a new password", path: `/reset-password/${token}` },
    }),
    "link",
  );
}

/** The notice after a reset: every session has ended; a reset the member did not make is theirs to report. */
function emailResetDone(db: Db, sendMail: Send, to: Member): void {
  void send(
    db,
    sendMail,
    to,
    (business) => ({
      subject: "Your Momo Dashboard password was reset",
      business,
      heading: "Your password was reset",
      paragraphs: [
        `Hello ${to.name}, the password of your account was just reset, and every session of yours was signed out. Your second factor is unchanged.`,
        "If you did not do this, tell an owner of your team at once.",
      ],
      action: { label: "Sign in", path: "/sign-in" },
    }),
    "done",
  );
}

/** A new password with a reset link (./password-reset.ts), and the member told so when email is on. */
export async function resetAndTell(visitor: Visitor & WithAuth, token: string, password: string): Promise<void> {
  const member = await resetWithLink(visitor, token, password);
  if (emailOn()) emailResetDone(visitor.db, sendMail, member);
}
