// Confirming who you are again (POST /api/session/reauth): the password, or for a member with
// two-factor an authenticator code. Checked through the sign-in throttle exactly as a sign-in
// (the place is taken before the check; a wrong answer is a failure on the account), so this
// form is no way around the limit on guessing. Success moves the session's provenAt to now.
import * as z from "zod";
import "@/lib/zod";
import { eq } from "drizzle-orm";
import { session } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { claimCode, releaseCode, twoFactorOn } from "@/lib/two-factor";
import { audit } from "@/lib/audit";
import type { Asker, Reader } from "@/lib/access/types";
import { proofSecondsLeft } from "./fresh";
import { sessionPolicy } from "./policy";
import type { SessionInfo } from "./sessions";
import { isAuthRefusal, takeAttempt, type WithSignIn } from "@/lib/auth";

export const reauthSchema = z.union([
  z.strictObject({ password: z.string().min(1, "Enter your password").max(256, "Too long") }),
  z.strictObject({ code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app") }),
]);
export type ReauthInput = z.infer<typeof reauthSchema>;

const WRONG = {
  password: { message: "The password is incorrect.", field: "The password is incorrect" },
  code: { message: "The code is incorrect.", field: "The code is incorrect or has expired" },
};

export async function reauthenticate(
  asker: Asker & WithSignIn,
  sessionId: string,
  input: ReauthInput,
  now = () => new Date(),
): Promise<void> {
  const { member: me, caller: req } = asker;
  const deps = await asker.signIn();
  const method = "password" in input ? "password" : "code";
  if (method === "code") {
    if (!(await twoFactorOn(deps.db, me.id)))
      throw new AppError("invalid_request", "Some fields need attention.", { fields: { code: "Two-factor is not on for your account" } });
  }
  const place = await takeAttempt(
    deps,
    { email: me.email, ip: req.ip },
    {
      refused: (retryAfterSeconds) => ({ action: "reauth_refused", actor: me, ip: req.ip, detail: { retryAfterSeconds } }),
      say: "wrong attempts",
      field: method,
    },
  );
  // A code is accepted once, here as at sign-in (lib/two-factor/challenge.ts): one seen on
  // the member's screen (or sent twice at once) proves nothing the second time.
  if ("code" in input && !(await claimCode(deps.db, me.id, input.code))) {
    await deps.throttle.giveBack(me.email, req.ip, place);
    await audit(deps.db, { action: "reauth_failed", actor: me, targetId: me.id, ip: req.ip, detail: { method, reason: "code_reused" } });
    throw new AppError("code_reused", "That code was already used. Wait for the next one.", {
      fields: { code: "That code was already used" },
    });
  }
  try {
    if ("password" in input) await deps.auth.api.verifyPassword({ body: { password: input.password }, headers: req.headers });
    else await deps.auth.api.verifyTOTP({ body: { code: input.code }, headers: req.headers });
  } catch (error) {
    if ("code" in input) await releaseCode(deps.db, me.id, input.code);
    // As with sign-in: an error that is not Better Auth's verdict keeps the place (fails closed).
    if (!isAuthRefusal(error)) throw error;
    const code = error.body?.code ?? String(error.status);
    if (code !== "INVALID_PASSWORD" && code !== "INVALID_CODE") {
      // Refused before anything was checked (the session ended meanwhile).
      await deps.throttle.giveBack(me.email, req.ip, place);
      throw new AppError("unauthenticated", "Sign in to continue.");
    }
    await deps.throttle.recordFailure(me.email, req.ip, place);
    await audit(deps.db, { action: "reauth_failed", actor: me, targetId: me.id, ip: req.ip, detail: { method } });
    throw new AppError(method === "password" ? "wrong_password" : "wrong_code", WRONG[method].message, {
      fields: { [method]: WRONG[method].field },
    });
  }
  await deps.throttle.giveBack(me.email, req.ip, place);
  await deps.db.update(session).set({ provenAt: now() }).where(eq(session.id, sessionId));
  await audit(deps.db, { action: "reauthenticated", actor: me, targetId: me.id, ip: req.ip, detail: { method } });
}

/** GET /api/session/reauth: is the session's last proof recent, for how long, and may a code stand in for the password? */
export async function proofStatus({ db, member: me }: Reader, session: SessionInfo) {
  const secondsLeft = proofSecondsLeft(session, sessionPolicy());
  return { fresh: secondsLeft > 0, secondsLeft, twoFactor: await twoFactorOn(db, me.id) };
}
