// The upstream's wire format (momo-charge-api.md §2), one schema per direction.
import * as z from "zod";
import "@/lib/zod";

/** Exactly the six fields the contract names; vouchers is "" when there is none. */
export const upstreamChargeRequestSchema = z.strictObject({
  amount: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  phone_number: z.string().regex(/^\d+$/),
  provider: z.string().min(1),
  vouchers: z.string(),
  description: z.string(),
});
export type UpstreamChargeRequest = z.infer<typeof upstreamChargeRequestSchema>;

/**
 * Read leniently: only `status` is needed to decide anything, the rest may be missing, and
 * fields the document does not show are kept (the raw body is stored beside it anyway).
 */
export const upstreamChargeResponseSchema = z.looseObject({
  status: z.string(),
  transaction_reference: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});
export type UpstreamChargeResponse = z.infer<typeof upstreamChargeResponseSchema>;

/** The user record's fields are not shown by the document: any JSON object is accepted. */
export const upstreamUserSchema = z.record(z.string(), z.unknown());
export type UpstreamUser = z.infer<typeof upstreamUserSchema>;
