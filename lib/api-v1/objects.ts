// What /api/v1/ answers: each object's schema, from which the OpenAPI document describes it and
// against which the tests check every answer they get. A charge is the one shape webhooks deliver
// (lib/webhooks/payload.ts), with its customer's number always masked.
import * as z from "zod";
import "@/lib/zod";
import { REQUEST_STATUSES } from "@/lib/payment-requests/shape";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/shape";
import { CHARGE_STATUSES, metadataSchema } from "./schemas";

const iso = z.string().meta({ format: "date-time" });
const nullable = <T extends z.ZodType>(t: T) => t.nullable();

export const payLinkObject = z
  .object({
    object: z.literal("pay_link"),
    id: z.uuid(),
    url: z.string().meta({ description: "The page the customer pays on." }),
    status: z.enum(REQUEST_STATUSES),
    amount: nullable(z.string()).meta({ description: "A fixed amount as a decimal (12.50); null for a range." }),
    amount_minor: nullable(z.int()),
    min_amount_minor: nullable(z.int()),
    max_amount_minor: nullable(z.int()),
    currency: z.string(),
    description: z.string(),
    reference: nullable(z.string()),
    customer_id: nullable(z.uuid()),
    reusable: z.boolean(),
    max_payments: nullable(z.int()),
    metadata: metadataSchema,
    return_url: nullable(z.string()),
    expires_at: iso,
    created_at: iso,
    payments: z.object({
      succeeded: z.int(),
      collected_minor: z.int(),
      attempts: z.int(),
      open: z.int().meta({ description: "Attempts not settled yet (waiting for the customer, or not known)." }),
    }),
  })
  .meta({ id: "PayLink" });
export type PayLinkObject = z.output<typeof payLinkObject>;

export const chargeObject = z
  .object({
    object: z.literal("charge"),
    id: z.uuid(),
    status: z.enum(CHARGE_STATUSES),
    amount: z.string(),
    amount_minor: z.int(),
    currency: z.string(),
    reference: nullable(z.string()).meta({ description: "The network's reference (TXN-…), once it gave one." }),
    network: z.string(),
    phone_number: z.string().meta({ description: "Masked: 024 ••• ••67." }),
    source: z.enum(["dashboard", "batch", "pay_link"]),
    batch_id: nullable(z.uuid()),
    pay_link_id: nullable(z.uuid()),
    payment_request_id: nullable(z.uuid()).meta({ description: "The same as pay_link_id (its first name, kept for receivers)." }),
    metadata: nullable(metadataSchema).meta({ description: "The pay link's metadata, for a charge paid from one." }),
    created_at: iso,
    settled_at: nullable(iso),
  })
  .meta({ id: "Charge" });
export type ChargeObject = z.output<typeof chargeObject>;

export const eventObject = z
  .object({
    id: z.uuid().meta({ description: "The event's id: the webhook-id of every delivery of it." }),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    timestamp: iso,
    data: z.record(z.string(), z.unknown()).meta({ description: "What the webhook delivers for this event (docs/api.md)." }),
  })
  .meta({ id: "Event" });

const listOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      next_cursor: nullable(z.string()).meta({ description: "Send it as `cursor` for the next page; null on the last." }),
    })
    .meta({ id });

export const payLinkList = listOf(payLinkObject, "PayLinkList");
export const chargeList = listOf(chargeObject, "ChargeList");
export const eventList = listOf(eventObject, "EventList");

export const errorObject = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Act on this (docs/api-errors.md)." }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "Each field at fault, by its dotted path." }),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: "Error" });
