// Form schemas for sign-in, first-run set-up and the team page, shared by forms and handlers.
import * as z from "zod";
import "@/lib/zod";
import { ROLES } from "./roles";

export const PASSWORD_MIN = 12;

const email = z.string().trim().toLowerCase().min(1, "Enter an email address").pipe(z.email("Enter a valid email address"));
const name = z.string().trim().min(1, "Enter a name").max(80, "Keep the name to 80 characters");
const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(256, "Use at most 256 characters");

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password").max(256),
});

export const setupSchema = z.object({ name, email, password: newPassword });

export const newMemberSchema = z.object({
  name,
  email,
  role: z.enum(ROLES, { error: "Choose a role" }),
  password: newPassword,
});

export const memberChangeSchema = z
  .object({ role: z.enum(ROLES, { error: "Choose a role" }).optional(), active: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { message: "Nothing to change" });

export type SignInValues = z.input<typeof signInSchema>;
export type SetupValues = z.input<typeof setupSchema>;
export type NewMemberValues = z.input<typeof newMemberSchema>;
