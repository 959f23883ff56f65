// What an owner or support records when money went back to a customer outside the upstream
// (which has no refund call): shared by the form and the route handler (zod/mini, as the form
// carries it to the browser). The amount stays text here: it is read in the charge's currency
// on the server (lib/money.ts parseAmount), as the charge form's amount is.
import * as z from "zod/mini";
import "@/lib/zod";
import { isPlainLine, isPlainText } from "@/lib/text";
import { REVERSAL_METHODS, type ReversalMethod } from "./shape";

const METHOD_IDS = Object.keys(REVERSAL_METHODS) as [ReversalMethod, ...ReversalMethod[]];

export const reversalSchema = z.object({
  amount: z
    .string({ error: "Enter the amount given back" })
    .check(z.maxLength(32, "Enter the amount as a number"), z.refine(isPlainLine, "Enter the amount as a number")),
  method: z.enum(METHOD_IDS, { error: "Choose how the money went back" }),
  note: z
    .string({ error: "Write a note: who asked, and what was done" })
    .check(
      z.trim(),
      z.minLength(5, "Write a note of at least 5 characters: who asked, and what was done"),
      z.maxLength(500, "Keep the note to 500 characters"),
      z.refine(isPlainText, "Remove control characters from the note"),
    ),
});
export type ReversalInput = z.infer<typeof reversalSchema>;
