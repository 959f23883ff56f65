// Asking for a reset link by email (lib/session/password-reset.ts has the rest of the flow). Its own
// file because it reads the mail set-up: the command line's reset (npm run users:reset-password)
// imports the rest, and the mailer is the server's only.
import { dbLimiter, takePlace } from "@/lib/rate-limit";
import type { Visitor } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { emailOn } from "@/lib/email";
import { AppError } from "@/lib/errors";
import { minutes, type WithAuth } from "@/lib/auth";

/** Asking for a link: per address of the asker, and per email asked about (a member's or not, alike). */
export const RESET_ASK_LIMITS = { address: { points: 10, seconds: 15 * 60 }, email: { points: 3, seconds: 60 * 60 } } as const;

async function takeAsk(db: Db, email: string, ip: string | null): Promise<void> {
  const counts: [keyof typeof RESET_ASK_LIMITS, string][] = [["email", email]];
  if (ip) counts.unshift(["address", ip]);
  for (const [kind, key] of counts) {
    const { points, seconds: window } = RESET_ASK_LIMITS[kind];
    const seconds = await takePlace(dbLimiter(db, `reset_${kind}`, points, window), key);
    if (seconds !== null) {
      throw new AppError("too_many_attempts", `Too many reset links asked for. Try again in ${minutes(seconds)}.`, {
        retryAfterSeconds: seconds,
      });
    }
  }
}

/**
 * Asks for a reset link by email. The same answer (nothing) for a member's address and any other;
 * Better Auth makes and keeps the member's link and hands it to the configured sender. Email off:
 * 409 for everyone alike, naming the way that is left (an owner's link). `emailOn`: the configured
 * answer unless a test gives its own.
 */
export async function askForReset(visitor: Visitor & WithAuth, email: string, opts = { emailOn: emailOn() }): Promise<void> {
  if (!opts.emailOn) {
    throw new AppError(
      "reset_email_off",
      "This dashboard sends no email. Ask an owner of your team to make you a reset link on the Team page.",
    );
  }
  await takeAsk(visitor.db, email.toLowerCase(), visitor.caller.ip);
  const { auth } = await visitor.signIn();
  await auth.api.requestPasswordReset({ body: { email } });
}
