// The two-factor entries of the audit log in words (describe.ts hands them here). Their
// details never hold a code, a recovery code or a secret: only methods, roles and counts.
import { isRole, ROLE_LABELS } from "@/lib/access";

const METHODS: Record<string, string> = {
  password: "password only",
  totp: "password and authenticator code",
  recovery_code: "password and recovery code",
};
const PURPOSES: Record<string, string> = {
  two_factor_enable: "to turn two-factor on",
  two_factor_disable: "to turn two-factor off",
  recovery_codes: "for new recovery codes",
};

const roleList = (v: unknown) =>
  Array.isArray(v) && v.length ? v.map((r) => (isRole(r) ? ROLE_LABELS[r] : String(r))).join(", ") : "no role";
const own = (table: Record<string, string>, key: unknown) => (typeof key === "string" && Object.hasOwn(table, key) ? table[key] : null);

/** The method of a sign-in or failed sign-in, in words (null when not recorded). */
export function signInMethod(d: Record<string, unknown>): string | null {
  const m = own(METHODS, d.method);
  return m ? `With ${m}` : null;
}

export function twoFactorDetails(action: string, d: Record<string, unknown>): (string | null)[] | null {
  switch (action) {
    case "two_factor_policy_changed":
      return [`Required for: ${roleList(d.before)} → ${roleList(d.after)}`];
    case "two_factor_reset":
      return [typeof d.sessionsEnded === "number" ? `${d.sessionsEnded} ${d.sessionsEnded === 1 ? "session" : "sessions"} ended` : null];
    case "password_check_failed":
    case "password_check_refused":
      return [own(PURPOSES, d.purpose)];
    case "two_factor_enabled":
    case "two_factor_disabled":
    case "recovery_codes_regenerated":
    case "recovery_code_used":
      return [];
    default:
      return null;
  }
}
