// What /api/v1/ reads: the request bodies and query strings, zod schemas that the route handlers
// parse with and that the OpenAPI document (./document.ts) is generated from. Names are snake_case
// (as the webhooks' payloads) and amounts integer minor units (pesewas: 1250 is GHS 12.50).
import * as z from "zod";
import "@/lib/zod";
import { CURRENCY_CODES, type CurrencyCode, exponentOf, MAX_AMOUNT_MAJOR } from "@/lib/money";
import {
  EXPIRY_DEFAULT_DAYS,
  EXPIRY_MAX_DAYS,
  MAX_PAYMENTS_LIMIT,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_REFERENCE_MAX,
} from "@/lib/payment-requests/shape";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/shape";
import { isPlainLine, isPlainText } from "@/lib/text";

/** Metadata: at most this many pairs, each name and value at most this long (Stripe's limits). */
export const METADATA_MAX_PAIRS = 20;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;
export const RETURN_URL_MAX = 2_048;

const line = (label: string, max: number) =>
  z
    .string({ error: `Send the ${label} as text` })
    .trim()
    .max(max, `Keep the ${label} to ${max} characters`)
    .refine(isPlainLine, `Remove control characters and line breaks from the ${label}`);

const minor = (label: string) =>
  z
    .number({ error: `Send the ${label} as a whole number of minor units (pesewas: 1250 is GHS 12.50)` })
    .int(`Send the ${label} as a whole number of minor units (pesewas: 1250 is GHS 12.50)`)
    .positive(`The ${label} must be more than 0`);

export const metadataSchema = z
  .record(
    z
      .string()
      .min(1, "A metadata name cannot be empty")
      .max(METADATA_KEY_MAX, `Keep metadata names to ${METADATA_KEY_MAX} characters`)
      .refine(isPlainLine, "Metadata names are one line of plain text"),
    z
      .string({ error: "Metadata values are strings" })
      .max(METADATA_VALUE_MAX, `Keep each metadata value to ${METADATA_VALUE_MAX} characters`)
      .refine(isPlainText, "Remove control characters from metadata values"),
  )
  .refine((m) => Object.keys(m).length <= METADATA_MAX_PAIRS, `At most ${METADATA_MAX_PAIRS} metadata pairs`)
  .meta({
    id: "Metadata",
    description: `Your own string pairs (at most ${METADATA_MAX_PAIRS}; names up to ${METADATA_KEY_MAX} characters, values up to ${METADATA_VALUE_MAX}), given back on the link, its charges, events and webhooks.`,
    example: { order_id: "1042" },
  });

export const payLinkCreateSchema = z
  .strictObject({
    amount_minor: minor("amount").optional().meta({ description: "A fixed amount, in minor units. Or send min_ and max_amount_minor." }),
    min_amount_minor: minor("smallest amount").optional().meta({ description: "With max_amount_minor: the customer chooses the amount." }),
    max_amount_minor: minor("largest amount").optional(),
    currency: z.enum(CURRENCY_CODES, { error: "Choose a supported currency" }),
    description: line("description", REQUEST_DESCRIPTION_MAX).min(1, "Say what the payment is for"),
    reference: line("reference", REQUEST_REFERENCE_MAX)
      .optional()
      .meta({ description: "Your own reference (an order or invoice number)." }),
    customer_id: z.uuid("Send a directory customer's id").optional(),
    expires_in_days: z
      .number({ error: `Send a number of days from 1 to ${EXPIRY_MAX_DAYS}` })
      .int(`Send a number of days from 1 to ${EXPIRY_MAX_DAYS}`)
      .min(1, `Send a number of days from 1 to ${EXPIRY_MAX_DAYS}`)
      .max(EXPIRY_MAX_DAYS, `Send a number of days from 1 to ${EXPIRY_MAX_DAYS}`)
      .default(EXPIRY_DEFAULT_DAYS),
    reusable: z.boolean({ error: "Send true or false" }).default(false),
    max_payments: z
      .number({ error: `Send a whole number from 1 to ${MAX_PAYMENTS_LIMIT}` })
      .int(`Send a whole number from 1 to ${MAX_PAYMENTS_LIMIT}`)
      .min(1, `Send a whole number from 1 to ${MAX_PAYMENTS_LIMIT}`)
      .max(MAX_PAYMENTS_LIMIT, `Send a whole number from 1 to ${MAX_PAYMENTS_LIMIT}`)
      .optional()
      .meta({ description: "A reusable link's most successful payments; none for no maximum." }),
    metadata: metadataSchema.optional(),
    return_url: z
      .string({ error: "Send the return address as text" })
      .trim()
      .max(RETURN_URL_MAX, `At most ${RETURN_URL_MAX.toLocaleString("en")} characters`)
      .optional()
      .meta({
        description:
          "Where the receipt sends the customer back (https; a TEST key also allows this machine). The dashboard adds pay_link, charge, status, timestamp and a signature.",
      }),
  })
  .superRefine((v, ctx) => {
    const fixed = v.amount_minor !== undefined;
    const range = v.min_amount_minor !== undefined || v.max_amount_minor !== undefined;
    if (fixed === range) {
      ctx.addIssue({ code: "custom", path: ["amount_minor"], message: "Send amount_minor, or min_amount_minor and max_amount_minor" });
      return;
    }
    const top = MAX_AMOUNT_MAJOR * 10 ** exponentOf(v.currency as CurrencyCode);
    const tooMuch = `At most ${MAX_AMOUNT_MAJOR.toLocaleString("en")} ${v.currency}, ${top.toLocaleString("en")} in minor units`;
    for (const field of ["amount_minor", "min_amount_minor", "max_amount_minor"] as const) {
      const value = v[field];
      if (value !== undefined && value > top) ctx.addIssue({ code: "custom", path: [field], message: tooMuch });
    }
    if (range && (v.min_amount_minor === undefined || v.max_amount_minor === undefined)) {
      const missing = v.min_amount_minor === undefined ? "min_amount_minor" : "max_amount_minor";
      ctx.addIssue({ code: "custom", path: [missing], message: "A range needs both min_amount_minor and max_amount_minor" });
    } else if (range && (v.max_amount_minor as number) < (v.min_amount_minor as number)) {
      ctx.addIssue({ code: "custom", path: ["max_amount_minor"], message: "The largest amount is below the smallest" });
    }
    if (!v.reusable && v.max_payments !== undefined) {
      ctx.addIssue({ code: "custom", path: ["max_payments"], message: "A link paid once has no maximum of payments" });
    }
  })
  .meta({ id: "PayLinkCreate" });
export type PayLinkCreate = z.output<typeof payLinkCreateSchema>;

const limit = z.coerce
  .number({ error: "Send a whole number from 1 to 100" })
  .int("Send a whole number from 1 to 100")
  .min(1, "Send a whole number from 1 to 100")
  .max(100, "Send a whole number from 1 to 100")
  .default(25)
  .meta({ description: "How many to return, newest first." });
const cursor = z.string().max(200).optional().meta({ description: "A list's next_cursor: the page after it." });

export const payLinkListQuery = z.strictObject({ limit, cursor, reference: line("reference", REQUEST_REFERENCE_MAX).optional() });

export const CHARGE_STATUSES = ["submitting", "pending", "success", "failed", "unknown"] as const;
export const chargeListQuery = z.strictObject({
  limit,
  cursor,
  status: z.enum(CHARGE_STATUSES, { error: `Choose one of ${CHARGE_STATUSES.join(", ")}` }).optional(),
  pay_link: z.uuid("Send a pay link's id").optional(),
  reference: line("reference", 100).optional().meta({ description: "The network's reference of the charge (TXN-…), exactly." }),
  created_gte: z.iso.datetime({ offset: true, error: "Send a time such as 2026-12-01T00:00:00Z" }).optional(),
  created_lt: z.iso.datetime({ offset: true, error: "Send a time such as 2026-12-01T00:00:00Z" }).optional(),
});

export const eventListQuery = z.strictObject({
  limit,
  cursor,
  type: z.enum(WEBHOOK_EVENT_TYPES, { error: `Choose one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }).optional(),
});

export const idPath = z.object({ id: z.uuid() });
