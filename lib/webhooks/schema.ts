// The endpoint form's fields (zod/mini, shared by the form and the handlers). The URL's own rules
// (https, private addresses with a LIVE key) are checked by the server: ./address.ts.
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { WEBHOOK_EVENT_TYPES } from "./shape";

const url = z.string().check(z.trim(), z.minLength(1, "Enter the endpoint's address"), z.maxLength(2048, "At most 2,048 characters"));
const description = z._default(
  plainText("description", 100, { tooLong: "At most 100 characters", notPlain: "Use letters, digits and punctuation on one line" }),
  "",
);
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, "Choose events from the list"))
  .check(z.minLength(1, "Choose at least one event"), z.maxLength(WEBHOOK_EVENT_TYPES.length, "Choose events from the list"));

export const endpointSchema = z.strictObject({ url, description, eventTypes });
export type EndpointInput = z.infer<typeof endpointSchema>;

/** An owner's changes to an endpoint: each optional; the number's inclusion is audited. */
export const endpointChangeSchema = z.strictObject({
  url: z.optional(url),
  description: z.optional(description),
  eventTypes: z.optional(eventTypes),
  includePhoneNumber: z.optional(z.boolean("Choose on or off")),
  enabled: z.optional(z.boolean("Choose on or off")),
});
export type EndpointChange = z.infer<typeof endpointChangeSchema>;

/** GET /api/webhooks/{id}/attempts: the page before an attempt (its number). */
export const attemptsQuery = z.object({
  before: z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,15}$/, "Must be an attempt's number")), z.transform(Number))),
});
