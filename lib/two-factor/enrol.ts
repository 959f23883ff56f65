// A member's own second factor, through the two-factor plugin: start (password → a new secret,
// shown once as a QR code and as text), confirm (the first code turns it on and shows the 10
// recovery codes once), turn off (password; only when the role does not require it), and new
// recovery codes (password). The secret is never returned once enrolment is confirmed.
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import type { Asker } from "@/lib/access/types";
import { withPasswordProof, isAuthRefusal, type WithSignIn } from "@/lib/auth";
import { twoFactorOn, twoFactorRoles } from "./policy";
import { totpDigits } from "./schema";

const alreadyOn = () => new AppError("two_factor_enabled", "Two-factor sign-in is already on. Turn it off first to add another app.");

/** A new secret for this member's authenticator app: the otpauth:// URI and its base32 text. */
export async function startEnrolment(asker: Asker & WithSignIn, password: string) {
  const { member, caller: req } = asker;
  const deps = await asker.signIn();
  if (await twoFactorOn(deps.db, member.id)) throw alreadyOn();
  const started = await withPasswordProof(deps, member, "two_factor_enable", req.ip, () =>
    deps.auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers: req.headers }),
  );
  const uri = "totpURI" in started ? started.totpURI : "";
  // The base32 secret inside the URI, for typing into an app that cannot scan.
  return { uri, secret: new URL(uri).searchParams.get("secret") ?? "" };
}

/** The first code from the app turns two-factor on; returns the new session's cookies and the recovery codes. */
export async function confirmEnrolment(asker: Asker & WithSignIn, code: string) {
  const { member, caller: req } = asker;
  const deps = await asker.signIn();
  if (await twoFactorOn(deps.db, member.id)) throw alreadyOn();
  const digits = totpDigits(code) ?? "";
  let headers: Headers;
  try {
    ({ headers } = await deps.auth.api.verifyTOTP({ body: { code: digits }, headers: req.headers, returnHeaders: true }));
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    if (error.body?.code === "TOTP_NOT_ENABLED") throw new AppError("not_started", "Start again: enter your password to get a new code.");
    throw new AppError("wrong_code", "The code is incorrect. Check the time on your phone and try the newest code.", {
      fields: {
        code: "The code is incorrect",
      },
    });
  }
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId: member.id } });
  await audit(deps.db, { action: "two_factor_enabled", actor: member, targetId: member.id, ip: req.ip });
  return { cookies: headers, recoveryCodes: backupCodes };
}

/** Turns the member's own two-factor off; refused while their role requires it. */
export async function disableTwoFactor(asker: Asker & WithSignIn, password: string): Promise<Headers> {
  const { member, caller: req } = asker;
  const deps = await asker.signIn();
  if ((await twoFactorRoles(deps.db)).includes(member.role)) {
    throw new AppError("two_factor_required", "Your role requires two-factor sign-in, so it cannot be turned off.");
  }
  if (!(await twoFactorOn(deps.db, member.id))) throw new AppError("two_factor_off", "Two-factor sign-in is already off.");
  const { headers } = await withPasswordProof(deps, member, "two_factor_disable", req.ip, () =>
    deps.auth.api.disableTwoFactor({ body: { password }, headers: req.headers, returnHeaders: true }),
  );
  await audit(deps.db, { action: "two_factor_disabled", actor: member, targetId: member.id, ip: req.ip });
  return headers;
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(asker: Asker & WithSignIn, password: string): Promise<string[]> {
  const { member, caller: req } = asker;
  const deps = await asker.signIn();
  if (!(await twoFactorOn(deps.db, member.id))) throw new AppError("two_factor_off", "Turn two-factor sign-in on first.");
  const { backupCodes } = await withPasswordProof(deps, member, "recovery_codes", req.ip, () =>
    deps.auth.api.generateBackupCodes({ body: { password }, headers: req.headers }),
  );
  await audit(deps.db, { action: "recovery_codes_regenerated", actor: member, targetId: member.id, ip: req.ip });
  return backupCodes;
}
