// Form schemas for two-factor sign-in, enrolment and policy, shared by forms and handlers
// (zod/mini, as lib/team/schema.ts).
import * as z from "zod/mini";
import "@/lib/zod";
import { ROLES } from "@/lib/access";

/** An authenticator code without the spaces a person types between groups, or null. */
export function totpDigits(code: string): string | null {
  const digits = code.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as it was issued (xxxxx-xxxxx), the dash and spaces optional when typed, or null. */
export function recoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]+/g, "");
  return /^[A-Za-z0-9]{10}$/.test(plain) ? `${plain.slice(0, 5)}-${plain.slice(5)}` : null;
}

const TOTP_MESSAGE = "Enter the 6-digit code from your authenticator app";
const codeText = z.string().check(z.minLength(1, "Enter the code"), z.maxLength(64, "Enter the code"));

/** The code step of sign-in: an authenticator code, or (recovery: true) one of the recovery codes. */
export const signInCodeSchema = z.object({ code: codeText, recovery: z.optional(z.boolean()) }).check(
  z.refine((v) => !!v.recovery || totpDigits(v.code) !== null, { message: TOTP_MESSAGE, path: ["code"] }),
  z.refine((v) => !v.recovery || recoveryCode(v.code) !== null, {
    message: "Enter one of your recovery codes (10 letters and digits)",
    path: ["code"],
  }),
);

/** Confirming enrolment: the first code from the newly added authenticator. */
export const enrolCodeSchema = z
  .object({ code: codeText })
  .check(z.refine((v) => totpDigits(v.code) !== null, { message: TOTP_MESSAGE, path: ["code"] }));

/** Steps that need the member's password again (start enrolment, turn off, new recovery codes). */
export const passwordProofSchema = z.object({
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(256, "Use at most 256 characters")),
});

export const twoFactorPolicySchema = z.object({
  roles: z.array(z.enum(ROLES, { error: "Choose among owner, staff and support" })).check(z.maxLength(ROLES.length, "Name each role once")),
});
