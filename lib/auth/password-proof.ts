// A step that needs the member's password again (turning two-factor on or off, new recovery
// codes): the password is checked by Better Auth inside `run`, and counted by the sign-in
// throttle exactly as a sign-in is (place taken before the check), so no form is a way around
// the limit on guessing.
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import { isAuthRefusal, type SignInDeps, takeAttempt } from "./sign-in";

export type Purpose = "two_factor_enable" | "two_factor_disable" | "recovery_codes";

export async function withPasswordProof<T>(
  deps: SignInDeps,
  member: { id: string; email: string },
  purpose: Purpose,
  ip: string | null,
  run: () => Promise<T>,
): Promise<T> {
  const place = await takeAttempt(
    deps,
    { email: member.email, ip },
    {
      refused: (retryAfterSeconds) => ({ action: "password_check_refused", actor: member, ip, detail: { purpose, retryAfterSeconds } }),
      say: "wrong passwords",
      field: "password",
    },
  );
  try {
    const result = await run();
    await deps.throttle.giveBack(member.email, ip, place);
    return result;
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    if ((error.body?.code ?? "") !== "INVALID_PASSWORD") {
      // Refused for another reason before or after the password (already enrolled, say).
      await deps.throttle.giveBack(member.email, ip, place);
      throw error;
    }
    await deps.throttle.recordFailure(member.email, ip, place);
    await audit(deps.db, { action: "password_check_failed", actor: member, ip, detail: { purpose } });
    throw new AppError("wrong_password", "The password is incorrect.", { fields: { password: "The password is incorrect" } });
  }
}
