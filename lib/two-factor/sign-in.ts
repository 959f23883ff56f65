// The code step of sign-in: after the right password, the member's authenticator code (or one
// recovery code). It shares the password's throttle: the attempt takes its place on the
// account's count (the account found from the pending challenge, server-side) before the code
// is checked, so passwords and codes together are checked at most 5 times per 15 minutes.
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import { isAuthRefusal, type SignInDeps, takeAttempt } from "@/lib/auth";
import { claimCode, pendingChallenge, releaseCode } from "./challenge";
import { recoveryCode, totpDigits } from "./schema";

type Req = { headers: Headers; ip: string | null };

const startAgain = () => new AppError("two_factor_expired", "Your sign-in has expired. Enter your email and password again.");
const wrongCode = (recovery: boolean) =>
  new AppError("wrong_code", recovery ? "That recovery code is incorrect or already used." : "The code is incorrect.", {
    fields: {
      code: recovery ? "That recovery code is incorrect or already used" : "The code is incorrect",
    },
  });

/** Returns the Set-Cookie headers of the new session and the member's role. */
export async function verifySignInCode(deps: SignInDeps, input: { code: string; recovery?: boolean }, req: Req) {
  const recovery = !!input.recovery;
  const code = recovery ? recoveryCode(input.code) : totpDigits(input.code);
  const pending = await pendingChallenge(deps.auth, req.headers);
  if (!pending || !code) throw startAgain();
  // Deactivated since their password step: no code is worth checking.
  if (pending.banned) throw new AppError("deactivated", "This account has been deactivated. Ask an owner of your team.");
  const actor = { id: pending.userId, email: pending.email };

  const place = await takeAttempt(
    deps,
    { email: pending.email, ip: req.ip },
    {
      refused: (retryAfterSeconds) => ({ action: "sign_in_refused", actor, ip: req.ip, detail: { retryAfterSeconds, step: "code" } }),
      say: "failed sign-ins",
    },
  );

  // An authenticator code is accepted once: claimed before it is checked, so a replay (or the
  // same code sent twice at once) is refused unchecked, and gives its place back.
  if (!recovery && !(await claimCode(deps.db, pending.userId, code))) {
    await deps.throttle.giveBack(pending.email, req.ip, place);
    await audit(deps.db, { action: "sign_in_failed", actor, ip: req.ip, detail: { reason: "code_reused", method: "totp" } });
    throw new AppError("code_reused", "That code was already used. Wait for the next one in your app.", {
      fields: {
        code: "That code was already used; wait for the next one",
      },
    });
  }

  try {
    const call = { body: { code }, headers: req.headers, returnHeaders: true } as const;
    const { headers } = recovery ? await deps.auth.api.verifyBackupCode(call) : await deps.auth.api.verifyTOTP(call);
    await deps.throttle.giveBack(pending.email, req.ip, place);
    await audit(deps.db, { action: "sign_in", actor, ip: req.ip, detail: { method: recovery ? "recovery_code" : "totp" } });
    if (recovery) await audit(deps.db, { action: "recovery_code_used", actor, targetId: actor.id, ip: req.ip });
    return { cookies: headers, role: pending.role, userId: pending.userId };
  } catch (error) {
    if (!recovery) await releaseCode(deps.db, pending.userId, code);
    // As with passwords: an error that is not Better Auth's verdict keeps the place (fails closed).
    if (!isAuthRefusal(error)) throw error;
    const reason = error.body?.code ?? String(error.status);
    if (reason === "INVALID_CODE" || reason === "INVALID_BACKUP_CODE") {
      await deps.throttle.recordFailure(pending.email, req.ip, place);
      await audit(deps.db, {
        action: "sign_in_failed",
        actor,
        ip: req.ip,
        detail: { reason: "wrong_code", method: recovery ? "recovery_code" : "totp" },
      });
      throw wrongCode(recovery);
    }
    if (reason === "ACCOUNT_TEMPORARILY_LOCKED") {
      throw new AppError("too_many_attempts", "Too many failed sign-ins. Try again in 15 minutes.", { retryAfterSeconds: 900 });
    }
    // A recovery code that was right but lost a race with another use of the same list (the
    // plugin swaps the list only if unchanged): it was checked, so it keeps its place.
    if (error.status === "CONFLICT" || error.status === 409) {
      await deps.throttle.recordFailure(pending.email, req.ip, place);
      throw wrongCode(recovery);
    }
    // The challenge ended (expired, used, too many codes on it) or another attempt on it is
    // under way: no code was checked, so the place goes back and the member starts again.
    await deps.throttle.giveBack(pending.email, req.ip, place);
    throw startAgain();
  }
}
