// What support submits to settle a charge by hand; shared by the form and the route handler
// (zod/mini, as the form carries it to the browser: lib/charges/schema.ts says why).
import * as z from "zod/mini";
import "@/lib/zod";
import { isPlainText } from "@/lib/text";

export const resolutionSchema = z.object({
  outcome: z.enum(["success", "failed"], { error: "Choose whether the customer was charged" }),
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(5, "Write a note of at least 5 characters: what did you check?"),
      z.maxLength(500, "Keep the note to 500 characters"),
      z.refine(isPlainText, "Remove control characters from the note"),
    ),
});
export type Resolution = z.infer<typeof resolutionSchema>;
