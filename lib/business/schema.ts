// The business profile's form schema, shared by the settings form and its route handler
// (zod/mini: the form carries it to the browser), and the logo's limits.
import * as z from "zod/mini";
import "@/lib/zod";
import { isTimeZone } from "@/lib/format";
import { isPlainLine } from "@/lib/text";
import { BUSINESS_NAME_MAX } from "./shape";

export const businessSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.maxLength(BUSINESS_NAME_MAX, `Keep the name to ${BUSINESS_NAME_MAX} characters`),
      z.refine(isPlainLine, "Remove control characters from the name"),
    ),
  timeZone: z.string().check(z.refine(isTimeZone, "Choose a time zone from the list (an IANA name such as Africa/Accra)")),
});

export type BusinessValues = z.input<typeof businessSchema>;
