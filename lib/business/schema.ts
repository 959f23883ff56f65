// The business profile's form schema, shared by the settings form and its route handler
// (zod/mini: the form carries it to the browser), and the logo's limits.
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { isTimeZone } from "@/lib/format";
import { BUSINESS_NAME_MAX, CONTACT_EMAIL_MAX, CONTACT_PHONE_MAX } from "./shape";

/** A phone a customer may call: digits with the usual separators and an optional leading +, 7 to 15 digits. */
const isContactPhone = (v: string) => v === "" || (/^\+?[\d \-().]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v));
/** An address a customer may write to, or "" (zod's own check, once the value is not empty). */
const isContactEmail = (v: string) => v === "" || z.email().safeParse(v).success;

export const businessSchema = z.object({
  name: plainText("name", BUSINESS_NAME_MAX, { notPlain: "Remove control characters from the name" }),
  timeZone: z.string().check(z.refine(isTimeZone, "Choose a time zone from the list (an IANA name such as Africa/Accra)")),
  /** Shown to a customer whose payment's outcome is not known yet (the pay page), so they can ask. */
  contactPhone: z
    .optional(z.string().check(z.trim(), z.maxLength(CONTACT_PHONE_MAX, "Enter a phone number such as 030 123 4567 or +233 30 123 4567")))
    .check(z.refine((v) => isContactPhone(v ?? ""), "Enter a phone number such as 030 123 4567 or +233 30 123 4567")),
  contactEmail: z
    .optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(CONTACT_EMAIL_MAX, "Enter a valid email address")))
    .check(z.refine((v) => isContactEmail(v ?? ""), "Enter a valid email address")),
});

export type BusinessValues = z.input<typeof businessSchema>;
