// A customer as the directory's form and its route handlers read one (zod/mini: the form carries
// it to the browser). The number is the charge form's field, normalised the same way, so a
// customer's number is exactly what a charge to them stores.
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { phoneNumberField, providerField } from "@/lib/market/customer-fields";
import { isPlainLine, isPlainText } from "@/lib/text";

export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_REFERENCE_MAX = 40;
export const CUSTOMER_NOTE_MAX = 500;
export const CUSTOMER_EMAIL_MAX = 254;

/** Where a pay link may be emailed to them; empty means none. Kept lowercased. */
const email = z._default(
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(CUSTOMER_EMAIL_MAX, "Enter a valid email address"),
        z.refine(isPlainLine, "Enter a valid email address"),
      ),
    z.union([z.literal(""), z.email("Enter a valid email address, such as ama@example.com")]),
  ),
  "",
);

export const customerSchema = z.object({
  name: plainText("name", CUSTOMER_NAME_MAX, { required: "Enter the customer's name" }),
  phoneNumber: phoneNumberField,
  provider: providerField,
  /** The merchant's own reference (a student ID, a member number); empty means none. */
  reference: z._default(plainText("reference", CUSTOMER_REFERENCE_MAX), ""),
  email,
  note: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(CUSTOMER_NOTE_MAX, `Keep the note to ${CUSTOMER_NOTE_MAX} characters`),
        z.refine(isPlainText, "Remove control characters from the note"),
      ),
    "",
  ),
});

export type CustomerFormValues = z.input<typeof customerSchema>;
export type CustomerInput = z.output<typeof customerSchema>;

/** 10,000 rows of the longest values a customer can hold (a 500-character note each), as JSON. */
export const MAX_IMPORT_BODY = 8 * 1024 * 1024;
