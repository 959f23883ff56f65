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
 * A reference we keep and look up later: printable ASCII, no spaces at either end, at most 100
 * characters. The document shows `TXN-MOMO-<number>`; anything else printable is kept too (it
 * is URL-encoded for the lookup), but control characters, other scripts and walls of text are
 * not a reference.
 */
const REFERENCE_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/;

/** The longest upstream message we keep (the raw body is stored beside it anyway). */
export const MAX_MESSAGE_CHARS = 500;

/**
 * Read leniently: only `status` is needed to decide anything, the rest may be missing, and
 * fields the document does not show are kept (the raw body is stored beside it anyway). A
 * field of the wrong type, or a reference that is not one, is dropped rather than fatal.
 */
export const upstreamChargeResponseSchema = z.looseObject({
  status: z.string(),
  transaction_reference: z.string().regex(REFERENCE_PATTERN).optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});

/** The user record's fields are not shown by the document: any JSON object is accepted. */
const upstreamUserSchema = z.record(z.string(), z.unknown());
export type UpstreamUser = z.infer<typeof upstreamUserSchema>;

/**
 * How much of a user record we take: the account page renders it recursively, so a record
 * nested thousands deep (or with a million fields) would fail the page rather than show it.
 */
const USER_RECORD_LIMITS = { maxDepth: 32, maxValues: 2_000 } as const;

/** Whether a parsed JSON value stays within the limits; iterative, so no depth can overflow it. */
function withinLimits(value: unknown, limits: { maxDepth: number; maxValues: number }): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let values = 0;
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, depth] = top;
    if (++values > limits.maxValues) return false;
    if (v === null || typeof v !== "object") continue;
    if (depth > limits.maxDepth) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
    if (values + stack.length > limits.maxValues) return false;
  }
  return true;
}

/** The user record from a parsed answer, or null: not an object, or beyond the limits. */
export function readUserRecord(json: unknown): UpstreamUser | null {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return null;
  if (!withinLimits(json, USER_RECORD_LIMITS)) return null;
  const parsed = upstreamUserSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
