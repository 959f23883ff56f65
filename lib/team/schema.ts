// Form schemas for sign-in, first-run set-up, the team page, invitations and password changes,
// shared by forms and handlers (zod/mini, as the forms carry them to the browser: lib/charges/schema.ts says why).
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { isPlainLine } from "@/lib/text";
import { THEMES } from "@/lib/market/theme";
import { PASSWORD_MIN } from "@/lib/auth/shape";
import { ROLES } from "@/lib/access";

/** Member ids as Better Auth makes them (random letters and digits): anything else names nobody. */
export const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

const email = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, "Enter an email address"),
      z.maxLength(254, "Enter a valid email address"),
      z.refine(isPlainLine, "Enter a valid email address"),
    ),
  z.email("Enter a valid email address"),
);
const name = plainText("name", 80, { notPlain: "Remove control characters from the name" }).check(z.minLength(1, "Enter a name"));
const newPassword = z
  .string()
  .check(z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`), z.maxLength(256, "Use at most 256 characters"));

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(256)),
});

export const setupSchema = z.object({ name, email, password: newPassword });

export const newMemberSchema = z.object({
  name,
  email,
  role: z.enum(ROLES, { error: "Choose a role" }),
  password: newPassword,
});

/** The owner's invitation: who is invited, and as what. The invitee chooses their password. */
export const inviteSchema = z.object({ name, email, role: z.enum(ROLES, { error: "Choose a role" }) });

/** Accepting an invitation: the name (the invite's, which the invitee may correct) and their own password. */
export const acceptInviteSchema = z.object({ name, password: newPassword });

/** Asking for a reset link by email (the sign-in page's "Forgot password?"). */
export const resetAskSchema = z.object({ email });

/** A new password set with a reset link, typed twice on the form (the server needs it once). */
export const resetPasswordSchema = z.object({ password: newPassword });
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .check(z.refine((v) => v.confirmPassword === v.password, { message: "The two passwords differ", path: ["confirmPassword"] }));

/** A member changing their own password: the current one proves it is them. */
const passwordChange = {
  currentPassword: z.string().check(z.minLength(1, "Enter your current password"), z.maxLength(256, "Use at most 256 characters")),
  newPassword,
};
const notTheSame = () =>
  z.refine<{ currentPassword: string; newPassword: string }>((v) => v.newPassword !== v.currentPassword, {
    message: "Choose a password different from the current one",
    path: ["newPassword"],
  });

export const passwordChangeSchema = z.object(passwordChange).check(notTheSame());

/** The same, with the new password typed twice (the form only: the server needs it once). */
export const passwordChangeFormSchema = z.object({ ...passwordChange, confirmPassword: z.string() }).check(
  notTheSame(),
  z.refine((v) => v.confirmPassword === v.newPassword, { message: "The two new passwords differ", path: ["confirmPassword"] }),
);

export const memberChangeSchema = z
  .object({ role: z.optional(z.enum(ROLES, { error: "Choose a role" })), active: z.optional(z.boolean()) })
  .check(z.refine((v) => v.role !== undefined || v.active !== undefined, { message: "Nothing to change" }));

export type SignInValues = z.input<typeof signInSchema>;
export type SetupValues = z.input<typeof setupSchema>;
export type InviteValues = z.input<typeof inviteSchema>;
export type AcceptInviteValues = z.input<typeof acceptInviteSchema>;
export type PasswordChangeFormValues = z.input<typeof passwordChangeFormSchema>;

/** A member's colour scheme (PUT /api/profile/theme). */
export const themeSchema = z.object({ theme: z.enum(THEMES, { error: "Choose System, Light or Dark" }) });
