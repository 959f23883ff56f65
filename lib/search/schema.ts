// The search box's one field, read by the results page (and, when scripts run, the header's list).
import * as z from "zod";
import "@/lib/zod";
import { isPlainLine } from "@/lib/text";

export const SEARCH_MAX = 100;

export const searchQuerySchema = z
  .string()
  .trim()
  .min(1, "Type what to search for")
  .max(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters`)
  .refine(isPlainLine, "Remove control characters from the search");

/** GET /api/search's query: the box's one field (a missing, empty or unreadable one is a 422 naming `q`). */
export const suggestionsQuery = z.object({ q: searchQuerySchema });
