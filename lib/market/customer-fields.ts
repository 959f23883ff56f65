// A customer's number and network as form fields: the charge form, the customers directory and
// the pay page parse them alike (zod/mini, as the forms carry them to the browser).
import * as z from "zod/mini";
import "@/lib/zod";
import { isPlainLine } from "@/lib/text";
import { LOCAL_NUMBER, PROVIDER_IDS, normalizePhone } from "./networks";

/** A customer's number as typed, normalised to local digits (the customers directory uses it too). */
export const phoneNumberField = z.pipe(
  z.pipe(
    z.string({ error: "Enter the customer's phone number" }).check(z.refine(isPlainLine, "Enter a 10-digit number such as 024 123 4567")),
    z.transform(normalizePhone),
  ),
  z
    .string()
    .check(z.minLength(1, "Enter the customer's phone number"), z.regex(LOCAL_NUMBER, "Enter a 10-digit number such as 024 123 4567")),
);

export const providerField = z.enum(PROVIDER_IDS, { error: "Choose the customer's network" });
