// What the "Views" bar's forms send (components/saved-views/views-bar.tsx posts them to the page):
// a view's name, and a view's id. The filters it keeps are the page's to read (./act.ts).
import * as z from "zod";
import "@/lib/zod";
import { isPlainLine } from "@/lib/text";
import { VIEW_NAME_MAX } from "./types";

/**
 * A view's name: one plain line (no control character, no lone surrogate), its spaces folded, in
 * one Unicode form (so "é" typed two ways is one name), 1 to 60 characters as a person counts them.
 */
export const viewNameSchema = z
  .string({ error: "Give the view a name" })
  .refine(isPlainLine, { message: "Remove control characters from the name", abort: true })
  .transform((s) => s.normalize("NFC").replace(/\s+/g, " ").trim())
  .refine((s) => s.length > 0, "Give the view a name")
  .refine((s) => [...s].length <= VIEW_NAME_MAX, `Keep the name to ${VIEW_NAME_MAX} characters`);

/**
 * The name as uniqueness compares it ("Failed" and "FAILED", "É" and "é", "Straße" and "STRASSE"
 * are one name): case folded here, the same on every database, since PostgreSQL's lower() depends
 * on the database's LC_CTYPE (only ASCII under "C") and maps one letter to one (ß is not SS).
 * Stored as saved_views.name_key, under the table's unique index.
 */
export function nameKey(name: string): string {
  return name.toUpperCase().toLowerCase().normalize("NFC");
}

export const viewIdSchema = z.uuid({ error: "No such view" });
