// A member changing their own password. The current password is checked through the sign-in
// throttle (the same counts, taken before the check), so this form is no way around the limit
// on guessing; a change ends every session of the member, this one replaced by a fresh one.
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import type { Asker } from "@/lib/access/types";
import { isAuthRefusal, takeAttempt, type WithSignIn } from "@/lib/auth";

/** Returns the Set-Cookie headers of the member's new session. */
export async function changePassword(asker: Asker & WithSignIn, input: { currentPassword: string; newPassword: string }): Promise<Headers> {
  const { member, caller: req } = asker;
  const deps = await asker.signIn();
  const place = await takeAttempt(
    deps,
    { email: member.email, ip: req.ip },
    {
      refused: (retryAfterSeconds) => ({ action: "password_change_refused", actor: member, ip: req.ip, detail: { retryAfterSeconds } }),
      say: "wrong passwords",
      field: "currentPassword",
    },
  );

  try {
    const { headers } = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: req.headers,
      returnHeaders: true,
    });
    await deps.throttle.giveBack(member.email, req.ip, place);
    await audit(deps.db, { action: "password_changed", actor: member, targetId: member.id, ip: req.ip });
    return headers;
  } catch (error) {
    // As with sign-in: an error that is not Better Auth's verdict keeps the place (fails closed).
    if (!isAuthRefusal(error)) throw error;
    const code = error.body?.code ?? String(error.status);
    if (code !== "INVALID_PASSWORD") {
      // Refused before any password was checked (no session, a password of the wrong length).
      await deps.throttle.giveBack(member.email, req.ip, place);
      if (code === "UNAUTHORIZED") throw new AppError("unauthenticated", "Sign in to continue.");
      throw new AppError("invalid_request", "Some fields need attention.", { fields: { newPassword: "This password cannot be used" } });
    }
    await deps.throttle.recordFailure(member.email, req.ip, place);
    await audit(deps.db, { action: "password_change_failed", actor: member, targetId: member.id, ip: req.ip });
    throw new AppError("wrong_password", "The current password is incorrect.", {
      fields: {
        currentPassword: "The current password is incorrect",
      },
    });
  }
}
