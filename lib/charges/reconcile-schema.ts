// What support submits to settle a charge by hand; shared by the form and the route handler.
import * as z from "zod";
import "@/lib/zod";

export const resolutionSchema = z.object({
  outcome: z.enum(["success", "failed"], { error: "Choose whether the customer was charged" }),
  note: z.string().trim().min(5, "Write a note of at least 5 characters: what did you check?").max(500, "Keep the note to 500 characters"),
});
export type Resolution = z.infer<typeof resolutionSchema>;
